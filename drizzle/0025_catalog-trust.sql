CREATE TABLE "catalog_change_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stop_id" uuid NOT NULL,
	"submitted_by" uuid,
	"source_url" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "artists_sort_cover_idx";--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "submitted_by" uuid;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "submitted_by" uuid;--> statement-breakpoint
ALTER TABLE "scraped_stop_sources" ADD COLUMN "trusted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_change_requests" ADD CONSTRAINT "catalog_change_requests_stop_id_tour_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."tour_stops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_change_requests" ADD CONSTRAINT "catalog_change_requests_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_change_requests" ADD CONSTRAINT "catalog_change_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_change_requests_pending_idx" ON "catalog_change_requests" USING btree ("created_at") WHERE "catalog_change_requests"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_change_requests_open_key" ON "catalog_change_requests" USING btree ("stop_id","submitted_by","after") WHERE "catalog_change_requests"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "artists" ADD CONSTRAINT "artists_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "artists_sort_cover_idx" ON "artists" USING btree ("sort_name","id","last_event_date","pending");--> statement-breakpoint
-- An admin's import (its stop was never a fan's submission) stays followed by the weekly re-check.
UPDATE "scraped_stop_sources" x SET "trusted" = true FROM "tour_stops" s WHERE s."id" = x."stop_id" AND s."submitted_by" IS NULL;--> statement-breakpoint
-- Artists and venues only fans' unapproved stops use are theirs alone until one is approved (ADR 0037).
UPDATE "artists" a SET "pending" = true, "submitted_by" = (
  SELECT s."submitted_by" FROM "tour_stops" s WHERE s."artist_id" = a."id" ORDER BY s."created_at" LIMIT 1)
WHERE EXISTS (SELECT 1 FROM "tour_stops" s WHERE s."artist_id" = a."id")
  AND NOT EXISTS (SELECT 1 FROM "tour_stops" s WHERE s."artist_id" = a."id" AND (s."review_state" = 'approved' OR s."submitted_by" IS NULL));--> statement-breakpoint
UPDATE "venues" v SET "pending" = true, "submitted_by" = (
  SELECT s."submitted_by" FROM "tour_stops" s WHERE s."venue_id" = v."id" ORDER BY s."created_at" LIMIT 1)
WHERE EXISTS (SELECT 1 FROM "tour_stops" s WHERE s."venue_id" = v."id")
  AND NOT EXISTS (SELECT 1 FROM "tour_stops" s WHERE s."venue_id" = v."id" AND (s."review_state" = 'approved' OR s."submitted_by" IS NULL));
