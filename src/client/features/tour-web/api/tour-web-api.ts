import { apiSend } from '#client/lib/api-client.ts';
import type { FinderResponse } from '#shared/tour-scraper.ts';

export function postFind(artistSlug: string, today: string): Promise<FinderResponse> {
  return apiSend<FinderResponse>('POST', '/api/tour-web/find', { artistSlug, today });
}
