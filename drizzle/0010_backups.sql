CREATE TABLE "backups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"storage_key" text NOT NULL,
	"bytes" bigint NOT NULL,
	"trigger" text NOT NULL,
	"includes_files" boolean NOT NULL,
	"format_version" integer NOT NULL,
	"table_count" integer NOT NULL,
	"row_count" bigint NOT NULL,
	"file_count" integer NOT NULL,
	"database_kind" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "backups_created_idx" ON "backups" USING btree ("created_at");