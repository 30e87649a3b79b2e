ALTER TABLE "notification_preferences" ADD COLUMN "trip_shows_in_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD COLUMN "trip_shows_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "trips" ADD COLUMN "watch_from" timestamp with time zone DEFAULT now() NOT NULL;