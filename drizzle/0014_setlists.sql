CREATE TABLE "history_import_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"import_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"event_date" date,
	"artist_name" text,
	"venue_name" text,
	"city" text,
	"country" text,
	"outcome" text NOT NULL,
	"confidence" real,
	"stop_id" uuid,
	"message" text,
	"user_show_id" uuid,
	"created_stop_id" uuid,
	"setlist_id" uuid
);
--> statement-breakpoint
CREATE TABLE "history_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"label" text NOT NULL,
	"state" text NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"added_count" integer DEFAULT 0 NOT NULL,
	"created_stop_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "provider_daily_usage" (
	"provider" text NOT NULL,
	"day" date NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setlist_fetches" (
	"key" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "setlist_songs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"setlist_id" uuid NOT NULL,
	"song_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"set_index" smallint DEFAULT 0 NOT NULL,
	"set_name" text,
	"kind" text DEFAULT 'song' NOT NULL,
	"cover_artist_name" text,
	"cover_artist_mbid" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "setlists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stop_id" uuid,
	"artist_id" uuid NOT NULL,
	"event_date" date NOT NULL,
	"source" text NOT NULL,
	"owner_id" uuid,
	"setlistfm_id" text,
	"setlistfm_version" text,
	"url" text,
	"fetched_at" timestamp with time zone,
	"tour_name" text,
	"venue_name" text,
	"city" text,
	"country" text,
	"info" text,
	"song_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "songs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"artist_id" uuid NOT NULL,
	"name" text NOT NULL,
	"name_key" text NOT NULL,
	"mbid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "history_import_rows" ADD CONSTRAINT "history_import_rows_import_id_history_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."history_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_import_rows" ADD CONSTRAINT "history_import_rows_stop_id_tour_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."tour_stops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_import_rows" ADD CONSTRAINT "history_import_rows_user_show_id_user_shows_id_fk" FOREIGN KEY ("user_show_id") REFERENCES "public"."user_shows"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_import_rows" ADD CONSTRAINT "history_import_rows_created_stop_id_tour_stops_id_fk" FOREIGN KEY ("created_stop_id") REFERENCES "public"."tour_stops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_import_rows" ADD CONSTRAINT "history_import_rows_setlist_id_setlists_id_fk" FOREIGN KEY ("setlist_id") REFERENCES "public"."setlists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_imports" ADD CONSTRAINT "history_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setlist_songs" ADD CONSTRAINT "setlist_songs_setlist_id_setlists_id_fk" FOREIGN KEY ("setlist_id") REFERENCES "public"."setlists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setlist_songs" ADD CONSTRAINT "setlist_songs_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setlists" ADD CONSTRAINT "setlists_stop_id_tour_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."tour_stops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setlists" ADD CONSTRAINT "setlists_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "setlists" ADD CONSTRAINT "setlists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "songs" ADD CONSTRAINT "songs_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "history_import_rows_key" ON "history_import_rows" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "history_imports_user_idx" ON "history_imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "provider_daily_usage_key" ON "provider_daily_usage" USING btree ("provider","day");--> statement-breakpoint
CREATE INDEX "setlist_fetches_next_idx" ON "setlist_fetches" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "setlist_songs_position_key" ON "setlist_songs" USING btree ("setlist_id","position");--> statement-breakpoint
CREATE INDEX "setlist_songs_song_idx" ON "setlist_songs" USING btree ("song_id","setlist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "setlists_setlistfm_key" ON "setlists" USING btree ("setlistfm_id") WHERE "setlists"."setlistfm_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "setlists_stop_setlistfm_key" ON "setlists" USING btree ("stop_id") WHERE "setlists"."source" = 'setlistfm' and "setlists"."stop_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "setlists_stop_owner_key" ON "setlists" USING btree ("stop_id","owner_id") WHERE "setlists"."owner_id" is not null;--> statement-breakpoint
CREATE INDEX "setlists_stop_idx" ON "setlists" USING btree ("stop_id");--> statement-breakpoint
CREATE INDEX "setlists_artist_date_idx" ON "setlists" USING btree ("artist_id","event_date");--> statement-breakpoint
CREATE INDEX "setlists_owner_idx" ON "setlists" USING btree ("owner_id") WHERE "setlists"."owner_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "songs_artist_name_key" ON "songs" USING btree ("artist_id","name_key");--> statement-breakpoint
CREATE INDEX "songs_artist_name_idx" ON "songs" USING btree ("artist_id","name");