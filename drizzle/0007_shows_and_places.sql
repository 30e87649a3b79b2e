CREATE TABLE "calendar_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "show_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_show_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"caption" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_shows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"stop_id" uuid NOT NULL,
	"state" text NOT NULL,
	"has_tickets" boolean DEFAULT false NOT NULL,
	"seat" text,
	"notes" text,
	"rating" smallint,
	"companions" text,
	"seen_revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_place_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_region" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_country" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "home_time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shows_radius_km" integer DEFAULT 100;--> statement-breakpoint
ALTER TABLE "tour_stops" ADD COLUMN "status" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_stops" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_stops" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "tour_stops" ADD COLUMN "submitted_by" uuid;--> statement-breakpoint
ALTER TABLE "tour_stops" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tour_stops" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_photos" ADD CONSTRAINT "show_photos_user_show_id_user_shows_id_fk" FOREIGN KEY ("user_show_id") REFERENCES "public"."user_shows"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "show_photos" ADD CONSTRAINT "show_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_shows" ADD CONSTRAINT "user_shows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_shows" ADD CONSTRAINT "user_shows_stop_id_tour_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."tour_stops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_key" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_user_kind_key" ON "calendar_feeds" USING btree ("user_id","kind");--> statement-breakpoint
CREATE INDEX "show_photos_user_show_idx" ON "show_photos" USING btree ("user_show_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_shows_user_stop_key" ON "user_shows" USING btree ("user_id","stop_id");--> statement-breakpoint
CREATE INDEX "user_shows_user_state_idx" ON "user_shows" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "user_shows_stop_idx" ON "user_shows" USING btree ("stop_id");--> statement-breakpoint
ALTER TABLE "tour_stops" ADD CONSTRAINT "tour_stops_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tour_stops_review_idx" ON "tour_stops" USING btree ("review_state","submitted_at") WHERE "tour_stops"."review_state" <> 'approved';