-- Vacation mode (features/trips): a trip's show query picks the venues inside the box around its
-- circle first, then their stops by (venue_id, event_date). Hand-written: the index is on the
-- catalog's venues table, which the trips schema file does not own.
CREATE INDEX IF NOT EXISTS "venues_lat_lon_idx" ON "venues" USING btree ("lat","lon");
