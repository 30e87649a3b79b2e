CREATE TABLE "music_excludes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"artist_id" uuid NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "music_excludes" ADD CONSTRAINT "music_excludes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_excludes" ADD CONSTRAINT "music_excludes_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "music_excludes_user_artist_key" ON "music_excludes" USING btree ("user_id","artist_id");--> statement-breakpoint
CREATE INDEX "music_excludes_artist_idx" ON "music_excludes" USING btree ("artist_id");