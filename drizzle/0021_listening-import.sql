CREATE TABLE "listening_import_artists" (
	"import_id" uuid NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"mbid" text,
	"spotify_id" text,
	"plays" integer DEFAULT 0 NOT NULL,
	"ms_played" bigint DEFAULT 0 NOT NULL,
	"line" integer DEFAULT 0 NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	"artist_id" uuid,
	"confidence" text,
	"chosen" boolean DEFAULT false NOT NULL,
	"looked_up" boolean DEFAULT false NOT NULL,
	"added" boolean DEFAULT false NOT NULL,
	"outcome" text,
	"reason" text,
	CONSTRAINT "listening_import_artists_import_id_key_pk" PRIMARY KEY("import_id","key")
);
--> statement-breakpoint
CREATE TABLE "listening_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'uploading' NOT NULL,
	"phase" text,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bytes" bigint DEFAULT 0 NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"summary" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listening_import_artists" ADD CONSTRAINT "listening_import_artists_import_id_listening_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."listening_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_import_artists" ADD CONSTRAINT "listening_import_artists_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listening_imports" ADD CONSTRAINT "listening_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listening_import_artists_plays_idx" ON "listening_import_artists" USING btree ("import_id","plays" DESC NULLS LAST,"line");--> statement-breakpoint
CREATE INDEX "listening_imports_user_idx" ON "listening_imports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "listening_imports_kind_idx" ON "listening_imports" USING btree ("kind");