CREATE TABLE "stop_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stop_id" uuid NOT NULL,
	"artist_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"url" text,
	"ticket_url" text,
	"seller" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"reported_date" date NOT NULL,
	"reported_time" time,
	"lineup" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"missing_since" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stop_sources" ADD CONSTRAINT "stop_sources_stop_id_tour_stops_id_fk" FOREIGN KEY ("stop_id") REFERENCES "public"."tour_stops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stop_sources" ADD CONSTRAINT "stop_sources_artist_id_artists_id_fk" FOREIGN KEY ("artist_id") REFERENCES "public"."artists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stop_sources_external_key" ON "stop_sources" USING btree ("artist_id","provider","external_id");--> statement-breakpoint
CREATE INDEX "stop_sources_stop_idx" ON "stop_sources" USING btree ("stop_id");--> statement-breakpoint
-- Provenance for the stops provider syncs made before it existed: their one source.
INSERT INTO "stop_sources" ("stop_id", "artist_id", "provider", "external_id", "ticket_url", "status", "reported_date", "reported_time", "last_seen_at")
SELECT "id", "artist_id", "source", "external_id", "ticket_url", "status", "event_date", "start_time", "updated_at"
FROM "tour_stops"
WHERE "external_id" IS NOT NULL AND "source" IN ('jambase', 'ticketmaster', 'bandsintown')
ON CONFLICT DO NOTHING;
