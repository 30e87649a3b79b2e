CREATE TABLE "admin_catalog_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"label" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"input" jsonb NOT NULL,
	"report" jsonb,
	"error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "admin_restore_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"artist_id" uuid NOT NULL,
	"artist_name" text NOT NULL,
	"survivor_id" uuid,
	"snapshot" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"restored_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "artist_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"artist_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_catalog_jobs" ADD CONSTRAINT "admin_catalog_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_restore_points" ADD CONSTRAINT "admin_restore_points_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "artist_slug_redirects" ADD CONSTRAINT "artist_slug_redirects_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_catalog_jobs_kind_idx" ON "admin_catalog_jobs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_catalog_jobs_active_key" ON "admin_catalog_jobs" USING btree ("kind","label") WHERE "admin_catalog_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "admin_restore_points_created_idx" ON "admin_restore_points" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "artist_slug_redirects_artist_idx" ON "artist_slug_redirects" USING btree ("artist_id");