CREATE TABLE "scraped_stop_sources" (
	"stop_id" uuid PRIMARY KEY NOT NULL,
	"source_url" text NOT NULL,
	"event_key" text NOT NULL,
	"imported_by" uuid,
	"last_checked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scraped_stop_sources" ADD CONSTRAINT "scraped_stop_sources_stop_id_tour_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."tour_stops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scraped_stop_sources" ADD CONSTRAINT "scraped_stop_sources_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scraped_stop_sources_url_idx" ON "scraped_stop_sources" USING btree ("source_url");