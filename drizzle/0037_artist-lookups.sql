CREATE TABLE "artist_lookups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_name" text NOT NULL,
	"mbid" text,
	"status" text DEFAULT 'running' NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artists" ADD COLUMN "tour_dates_checked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "artist_lookups_created_idx" ON "artist_lookups" USING btree ("created_at");