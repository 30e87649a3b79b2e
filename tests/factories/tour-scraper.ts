import type { PreviewRow } from '#shared/tour-scraper.ts';
import type { ImportRow } from '#shared/tour-scraper-api.ts';

/** A previewed row sent back to /api/tour-scraper/import as read (the page's edits aside); `confirmed`: ticked. */
export function importRowOf(row: PreviewRow, confirmed = false): ImportRow {
  return {
    externalId: row.externalId,
    artistName: row.artistName!,
    date: row.date!,
    localTime: row.localTime,
    venueName: row.venueName!,
    city: row.city!,
    region: row.region,
    countryCode: row.countryCode!,
    timeZone: row.timeZone,
    lat: row.lat,
    lon: row.lon,
    status: row.status,
    ticketUrl: row.ticketUrl,
    pageUrl: row.pageUrl,
    ambiguities: row.ambiguities,
    confirmed,
  };
}
