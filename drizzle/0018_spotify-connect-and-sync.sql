CREATE TABLE "music_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"username" text,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"token_expires_at" timestamp with time zone,
	"status" text DEFAULT 'connected' NOT NULL,
	"mode" text DEFAULT 'propose' NOT NULL,
	"period" text DEFAULT 'half-year' NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_summary" jsonb,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "music_oauth_states" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"state_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"verifier_enc" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "music_proposals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"artist_id" uuid NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "music_connections" ADD CONSTRAINT "music_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_oauth_states" ADD CONSTRAINT "music_oauth_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_proposals" ADD CONSTRAINT "music_proposals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "music_proposals" ADD CONSTRAINT "music_proposals_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "music_connections_user_source_key" ON "music_connections" USING btree ("user_id","source");--> statement-breakpoint
CREATE UNIQUE INDEX "music_oauth_states_hash_key" ON "music_oauth_states" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "music_oauth_states_user_idx" ON "music_oauth_states" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "music_proposals_user_artist_key" ON "music_proposals" USING btree ("user_id","artist_id");--> statement-breakpoint
CREATE INDEX "music_proposals_artist_idx" ON "music_proposals" USING btree ("artist_id");