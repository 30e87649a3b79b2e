/**
 * The catalog file accepted by `npm run catalog:import` and used for the demo catalog:
 * {"artists":[{"name","mbid"?,"genres"?,"tours":[{"name","stops":[{"date","time"?,"venue","city",
 * "region"?,"country","lat"?,"lon"?,"ticketUrl"?}]}]}]}
 * The zod schema and its error messages live here (owned by the catalog feature).
 */
export {};
