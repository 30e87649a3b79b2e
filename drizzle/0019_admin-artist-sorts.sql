CREATE INDEX "artists_tours_sort_idx" ON "artists" USING btree ("tour_count","sort_name","id");--> statement-breakpoint
CREATE INDEX "artists_tours_desc_sort_idx" ON "artists" USING btree ("tour_count" DESC NULLS LAST,"sort_name","id");--> statement-breakpoint
CREATE INDEX "artists_created_idx" ON "artists" USING btree ("created_at","id");