import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderCall } from '#server/providers/http.ts';
import { ProviderError } from '#server/providers/http.ts';
import type { MbArtistDetails, MusicBrainzClient } from '#server/providers/musicbrainz/musicbrainz.client.ts';
import { wikidataPhotoFinder } from './wikidata-photo.ts';

const MBID = '3f1c2a9e-5b7d-4c1e-9a2b-1d2e3f4a5b6c';

function details(overrides: Partial<MbArtistDetails>): MbArtistDetails {
  return {
    mbid: MBID,
    name: 'Northern Lanterns',
    disambiguation: null,
    type: 'Group',
    genres: [],
    officialUrl: 'https://northernlanterns.example/',
    wikidataUrl: 'https://www.wikidata.org/wiki/Q98765432',
    imageUrl: null,
    ...overrides,
  };
}

/** A local stand-in for Wikidata's wbgetclaims, answering per entity. */
const claimsByEntity: Record<string, unknown> = {
  Q98765432: {
    claims: {
      P18: [
        { rank: 'deprecated', mainsnak: { snaktype: 'value', datavalue: { value: 'Old Photo.jpg', type: 'string' } } },
        {
          rank: 'normal',
          mainsnak: { snaktype: 'value', datavalue: { value: 'Northern Lanterns 2024.jpg', type: 'string' } },
        },
      ],
    },
  },
  Q1: { claims: {} },
};

describe('Wikidata photo finder', () => {
  let server: http.Server;
  let baseUrl: string;
  const seenUserAgents: string[] = [];
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      seenUserAgents.push(request.headers['user-agent'] ?? '');
      const entity = url.searchParams.get('entity') ?? '';
      if (url.pathname !== '/w/api.php' || url.searchParams.get('property') !== 'P18') {
        response.writeHead(404).end();
        return;
      }
      if (entity === 'Q503') {
        response.writeHead(503).end('busy');
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(claimsByEntity[entity] ?? { claims: {} }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  function finder(lookup: MusicBrainzClient['lookupArtist']) {
    const calls: ProviderCall[] = [];
    const unavailable: ProviderError[] = [];
    const find = wikidataPhotoFinder({
      musicBrainz: { lookupArtist: lookup } as MusicBrainzClient,
      wikidataUrl: baseUrl,
      userAgent: 'TourGuides/test ( http://localhost )',
      timeoutMs: 2000,
      record: async (call) => {
        calls.push(call);
      },
      onUnavailable: (error) => unavailable.push(error),
    });
    return { find, calls, unavailable };
  }

  it('finds the P18 photo as a Commons thumbnail with its credit, and the official website', async () => {
    const { find, calls } = finder(async () => details({}));
    const found = await find({ name: 'Northern Lanterns', mbid: MBID });
    expect(found.officialUrl).toBe('https://northernlanterns.example/');
    expect(found.photo).toEqual({
      imageUrl: expect.stringMatching(
        /^https:\/\/upload\.wikimedia\.org\/wikipedia\/commons\/thumb\/[0-9a-f]\/[0-9a-f]{2}\/Northern_Lanterns_2024\.jpg\/500px-Northern_Lanterns_2024\.jpg$/,
      ),
      source: 'wikidata',
      attribution: expect.stringContaining('Northern Lanterns 2024.jpg — Wikimedia Commons'),
    });
    expect(calls).toEqual([expect.objectContaining({ provider: 'wikidata', operation: 'image-claims', status: 200 })]);
    expect(seenUserAgents.at(-1)).toBe('TourGuides/test ( http://localhost )');
  });

  it('answers no photo (but the website) when the item has no image or Wikidata is busy', async () => {
    const noImage = finder(async () => details({ wikidataUrl: 'https://www.wikidata.org/wiki/Q1' }));
    expect(await noImage.find({ name: 'X', mbid: MBID })).toEqual({
      photo: null,
      officialUrl: 'https://northernlanterns.example/',
    });
    const busy = finder(async () => details({ wikidataUrl: 'https://www.wikidata.org/wiki/Q503' }));
    expect((await busy.find({ name: 'X', mbid: MBID })).photo).toBeNull();
    expect(busy.unavailable).toHaveLength(1);
  });

  it('answers nothing without an MBID or when MusicBrainz is unreachable', async () => {
    const neverCalled = finder(async () => {
      throw new Error('must not be called');
    });
    expect(await neverCalled.find({ name: 'X', mbid: null })).toEqual({ photo: null, officialUrl: null });
    const offline = finder(async () => {
      throw new ProviderError('musicbrainz', 'artist-lookup', 'unavailable', 'network error');
    });
    expect(await offline.find({ name: 'X', mbid: MBID })).toEqual({ photo: null, officialUrl: null });
    expect(offline.unavailable).toHaveLength(1);
  });
});
