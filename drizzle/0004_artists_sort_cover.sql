DROP INDEX "artists_sort_idx";--> statement-breakpoint
CREATE INDEX "artists_sort_cover_idx" ON "artists" USING btree ("sort_name","id","last_event_date");