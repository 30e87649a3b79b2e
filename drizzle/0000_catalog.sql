CREATE TABLE "artist_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid NOT NULL,
	"artist_name" text NOT NULL,
	"image_url" text NOT NULL,
	"source" text DEFAULT 'generated' NOT NULL,
	"attribution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "artists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"mbid" text,
	"genres" text[] DEFAULT '{}'::text[] NOT NULL,
	"sort_name" text NOT NULL,
	"tour_count" integer DEFAULT 0 NOT NULL,
	"last_event_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tour_stops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tour_id" uuid NOT NULL,
	"artist_id" uuid NOT NULL,
	"venue_id" uuid NOT NULL,
	"event_date" date NOT NULL,
	"start_time" time,
	"city" text NOT NULL,
	"region" text,
	"country" text NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"ticket_url" text,
	"source" text DEFAULT 'import' NOT NULL,
	"external_id" text,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"identity_key" text NOT NULL,
	"address" text,
	"city" text NOT NULL,
	"region" text,
	"country" text NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"time_zone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "artist_images" ADD CONSTRAINT "artist_images_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_stops" ADD CONSTRAINT "tour_stops_tour_id_tours_id_fk" FOREIGN KEY ("tour_id") REFERENCES "public"."tours"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_stops" ADD CONSTRAINT "tour_stops_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tour_stops" ADD CONSTRAINT "tour_stops_venue_id_venues_id_fk" FOREIGN KEY ("venue_id") REFERENCES "public"."venues"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tours" ADD CONSTRAINT "tours_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "artist_images_artist_key" ON "artist_images" USING btree ("artist_id");--> statement-breakpoint
CREATE INDEX "artist_images_name_lower_idx" ON "artist_images" USING btree (lower("artist_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "artists_slug_key" ON "artists" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "artists_mbid_key" ON "artists" USING btree ("mbid") WHERE "artists"."mbid" is not null;--> statement-breakpoint
CREATE INDEX "artists_sort_idx" ON "artists" USING btree ("sort_name","id");--> statement-breakpoint
CREATE INDEX "artists_last_event_sort_idx" ON "artists" USING btree ("last_event_date","sort_name");--> statement-breakpoint
CREATE INDEX "artists_name_lower_idx" ON "artists" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "tour_stops_artist_slug_key" ON "tour_stops" USING btree ("artist_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_stops_identity_key" ON "tour_stops" USING btree ("tour_id","event_date","venue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tour_stops_external_key" ON "tour_stops" USING btree ("source","external_id") WHERE "tour_stops"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "tour_stops_artist_date_idx" ON "tour_stops" USING btree ("artist_id","event_date");--> statement-breakpoint
CREATE INDEX "tour_stops_venue_date_idx" ON "tour_stops" USING btree ("venue_id","event_date");--> statement-breakpoint
CREATE INDEX "tour_stops_date_idx" ON "tour_stops" USING btree ("event_date");--> statement-breakpoint
CREATE UNIQUE INDEX "tours_artist_name_key" ON "tours" USING btree ("artist_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_slug_key" ON "venues" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "venues_identity_key" ON "venues" USING btree ("identity_key");