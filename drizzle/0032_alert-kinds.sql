ALTER TABLE "notification_preferences" ADD COLUMN "cancellations_in_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "cancellations_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "cancellations_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "venue_shows_in_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "venue_shows_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "venue_shows_push" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Cancellations were part of "tour changes": a fan keeps the choice they made for them.
UPDATE "notification_preferences" SET "cancellations_in_app" = "tour_changes_in_app", "cancellations_email" = "tour_changes_email", "cancellations_push" = "tour_changes_push";
