-- Provenance for the provider stops written without it since 0029 (a trip's JamBase area search):
-- their one source, as 0029 gave the stops syncs made before it (ADR 0044). A fan's stop gets none.
INSERT INTO "stop_sources" ("stop_id", "artist_id", "provider", "external_id", "ticket_url", "status", "reported_date", "reported_time", "last_seen_at")
SELECT s."id", s."artist_id", s."source", s."external_id", s."ticket_url", s."status", s."event_date", s."start_time", s."updated_at"
FROM "tour_stops" s
WHERE s."external_id" IS NOT NULL AND s."source" IN ('jambase', 'ticketmaster', 'bandsintown')
  AND s."review_state" = 'approved' AND s."submitted_by" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "stop_sources" ss WHERE ss."stop_id" = s."id")
ON CONFLICT DO NOTHING;
