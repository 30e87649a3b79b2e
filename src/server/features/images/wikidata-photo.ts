import { z } from 'zod';
import { type CallRecorder, ProviderError, providerGetJson } from '#server/providers/http.ts';
import type { MusicBrainzClient } from '#server/providers/musicbrainz/musicbrainz.client.ts';
import {
  commonsFilePage,
  commonsThumbnailUrl,
  pickImageFile,
  wikidataId,
} from '#server/providers/wikidata/wikidata.commons.ts';

/** A photo found for an artist, hot-linked from Wikimedia Commons with its credit. */
export interface FoundPhoto {
  imageUrl: string;
  source: 'wikidata';
  attribution: string;
}

/** What the lookup found: a photo and the official website, each when known. */
export interface PhotoSearch {
  photo: FoundPhoto | null;
  officialUrl: string | null;
}

export type PhotoFinder = (artist: { name: string; mbid: string | null }) => Promise<PhotoSearch>;

const statementSchema = z.object({
  rank: z.enum(['preferred', 'normal', 'deprecated']).default('normal'),
  mainsnak: z.object({
    snaktype: z.string(),
    datavalue: z.object({ value: z.string() }).optional(),
  }),
});

/** wbgetclaims answers {claims:{P18:[…]}}, or {claims:{}} when the item has no image. */
const claimsSchema = z.object({ claims: z.record(z.string(), z.array(statementSchema)) });

export { commonsThumbnailUrl, pickImageFile, wikidataId };

export interface WikidataPhotoOptions {
  musicBrainz: MusicBrainzClient;
  wikidataUrl: string;
  userAgent: string;
  timeoutMs: number;
  record: CallRecorder;
  onUnavailable(error: ProviderError): void;
}

/**
 * MusicBrainz URL relations → Wikidata P18 → Commons thumbnail, and the official website from the
 * same relations. Any provider failure (this server may have no internet at all) means "not
 * found": the caller then draws an artwork instead.
 */
export function wikidataPhotoFinder(options: WikidataPhotoOptions): PhotoFinder {
  const nothing: PhotoSearch = { photo: null, officialUrl: null };
  return async (artist) => {
    if (!artist.mbid) return nothing;
    const details = await unlessUnavailable(options, () => options.musicBrainz.lookupArtist(artist.mbid!));
    if (!details) return nothing;
    const entity = details.wikidataUrl ? wikidataId(details.wikidataUrl) : null;
    const photo = entity ? await unlessUnavailable(options, () => commonsPhoto(options, entity)) : null;
    return { photo: photo ?? null, officialUrl: details.officialUrl };
  };
}

async function unlessUnavailable<T>(options: WikidataPhotoOptions, call: () => Promise<T>): Promise<T | null> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    options.onUnavailable(error);
    return null;
  }
}

async function commonsPhoto(options: WikidataPhotoOptions, entity: string): Promise<FoundPhoto | null> {
  const url = new URL('/w/api.php', options.wikidataUrl);
  url.search = new URLSearchParams({ action: 'wbgetclaims', entity, property: 'P18', format: 'json' }).toString();
  const answer = await providerGetJson({
    provider: 'wikidata',
    operation: 'image-claims',
    url,
    headers: { 'User-Agent': options.userAgent },
    schema: claimsSchema,
    timeoutMs: options.timeoutMs,
    record: options.record,
    maxAttempts: 1,
  });
  const file = pickImageFile(answer.claims.P18 ?? []);
  if (!file) return null;
  const filePage = commonsFilePage(file);
  return {
    imageUrl: commonsThumbnailUrl(file),
    source: 'wikidata',
    attribution: `${file} — Wikimedia Commons (${filePage})`,
  };
}
