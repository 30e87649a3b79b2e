import { apiSend } from '#client/lib/api-client.ts';
import type { ScrapeImportResponse, ScrapePreviewResponse } from '#shared/tour-scraper.ts';

/** The import row as the server takes it (tour-scraper-api.ts ImportRow), kept zod-free here. */
export interface ImportRowInput {
  externalId: string | null;
  artistName: string;
  date: string;
  localTime: string | null;
  venueName: string;
  city: string;
  region: string | null;
  countryCode: string;
  timeZone: string | null;
  lat: number | null;
  lon: number | null;
  status: 'scheduled' | 'cancelled' | 'postponed' | 'rescheduled';
  ticketUrl: string | null;
  pageUrl: string;
  ambiguities: string[];
  confirmed: boolean;
}

export function postPreview(urls: string[], today: string): Promise<ScrapePreviewResponse> {
  return apiSend<ScrapePreviewResponse>('POST', '/api/tour-scraper/preview', { urls, today });
}

export function postImport(rows: ImportRowInput[]): Promise<ScrapeImportResponse> {
  return apiSend<ScrapeImportResponse>('POST', '/api/tour-scraper/import', { rows });
}
