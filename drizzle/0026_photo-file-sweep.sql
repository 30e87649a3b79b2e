CREATE TABLE "deleted_photo_files" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Every way a photo row goes (its own delete, an un-marked show, a deleted account, merged shows)
-- leaves its file's key for the photo sweep job (show-photos.jobs.ts).
CREATE FUNCTION "remember_deleted_photo_file"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "deleted_photo_files" ("storage_key") VALUES (OLD."storage_key") ON CONFLICT DO NOTHING;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "show_photos_remember_deleted_file" AFTER DELETE ON "show_photos"
  FOR EACH ROW EXECUTE FUNCTION "remember_deleted_photo_file"();
