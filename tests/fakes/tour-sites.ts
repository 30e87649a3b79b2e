import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { FAKE_BANDSINTOWN_KEY } from './bandsintown.ts';

/**
 * Fake web sites for the tour scraper and the web tour finder (issue 17): artists' and venues'
 * pages with schema.org events in JSON-LD (single, array, @graph, ItemList), microdata, a linked
 * .ics calendar, a page without structured data, an artist homepage linking to its tour page, a
 * Bandsintown widget and the Bandsintown API, a redirect to a private address, a slow page and a
 * 20 MB page. Every request is logged, so a test can prove an address was never connected to.
 *
 * A second server (`startFakeInternal`) plays a private service (a cloud metadata endpoint, an
 * admin panel): the SSRF tests point redirects at it and assert its log stays empty.
 */

export interface SiteRequest {
  method: string;
  path: string;
  userAgent: string | undefined;
  at: number;
}

export interface FakeSite {
  url: string;
  port: number;
  requests: SiteRequest[];
  /** Where /redirect-private points (the internal fake's URL). */
  setInternalUrl(url: string): void;
  /**
   * The re-check page's version: 'v1' as imported, 'v2' one show moved and one cancelled, 'v3' one
   * show on another day, nothing else changed.
   */
  setRecheckVersion(version: RecheckVersion): void;
  close(): Promise<void>;
}

/** The artists the fake sites describe. */
export const SITE_ARTISTS = {
  jsonLd: 'Marble Comets',
  microdata: 'Paper Lanterns Duo',
  ics: 'The Ice Calendars',
  homepage: 'Quartz Parade',
  widget: 'Glass Meridian',
  recheck: 'Saltwater Choir',
  text: 'Velvet Harbour',
} as const;

/**
 * A tour page with its dates only as visible text (no JSON-LD, microdata or calendar): what the
 * LLM text reader is for. Its nav, script and style hold words the reader must not send.
 */
export const textTourPage = () =>
  page(
    'Velvet Harbour – Tour',
    `<nav><a href="/">Home</a> <a href="/shop">Nav Shop Link</a></nav>
     <style>.secret-style { color: red }</style><script>var secretScript = 'Hidden Arena';</script>
     <h1>Velvet Harbour on tour</h1>
     <ul>
       <li>Fri 12 March 2027 — The Jazz Cellar, Bristol, UK — 8pm <a href="/tickets/bristol">Tickets</a></li>
       <li>Sun 14 March 2027 — Whelan's, Dublin, Ireland — CANCELLED</li>
     </ul>`,
  );

const page = (title: string, body: string, head = '') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`;

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

const venue = (name: string, city: string, region: string, country: string, geo?: [number, number]) => ({
  '@type': 'MusicVenue',
  name,
  address: { '@type': 'PostalAddress', addressLocality: city, addressRegion: region, addressCountry: country },
  ...(geo ? { geo: { '@type': 'GeoCoordinates', latitude: geo[0], longitude: geo[1] } } : {}),
});

function jsonLdPage(): string {
  const artist = { '@type': 'MusicGroup', name: SITE_ARTISTS.jsonLd };
  const events = [
    {
      '@context': 'https://schema.org',
      '@type': 'MusicEvent',
      '@id': 'https://marblecomets.example/shows/denver',
      name: `${SITE_ARTISTS.jsonLd} at the Bluebird`,
      startDate: '2027-03-05T20:00:00-07:00',
      eventStatus: 'https://schema.org/EventScheduled',
      location: venue('Bluebird Theater', 'Denver', 'CO', 'US', [39.7402, -104.9484]),
      performer: artist,
      offers: { '@type': 'Offer', url: 'https://tickets.example/bluebird' },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'MusicEvent',
      name: `${SITE_ARTISTS.jsonLd} in Chicago`,
      // UTC: 02:00Z on the 8th is 20:00 on the 7th in Chicago.
      startDate: '2027-03-08T02:00:00Z',
      eventStatus: 'EventCancelled',
      location: venue('Thalia Hall', 'Chicago', 'Illinois', 'United States'),
      performer: [artist],
      offers: [{ '@type': 'Offer', url: '/tickets/chicago' }],
    },
  ];
  const graph = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebPage', name: 'Tour' },
      {
        '@type': 'MusicEvent',
        name: `${SITE_ARTISTS.jsonLd} — Berlin`,
        startDate: '2027-04-02T21:00',
        eventStatus: 'https://schema.org/EventPostponed',
        location: venue('Lido', 'Berlin', 'Berlin', 'Germany'),
        performer: { '@type': 'MusicGroup', name: SITE_ARTISTS.jsonLd },
      },
    ],
  };
  const list = {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: [
      {
        '@type': 'ListItem',
        position: 1,
        item: {
          '@type': 'Event',
          name: `${SITE_ARTISTS.jsonLd} at Paradiso`,
          startDate: '2027-04-10',
          eventStatus: 'EventRescheduled',
          location: { '@type': 'Place', name: 'Paradiso', address: 'Amsterdam' },
          performer: { name: SITE_ARTISTS.jsonLd },
        },
      },
    ],
  };
  const yearless = {
    '@context': 'https://schema.org',
    '@type': 'MusicEvent',
    name: `${SITE_ARTISTS.jsonLd} at the Roundhouse`,
    startDate: 'Nov 20',
    location: venue('The Roundhouse', 'London', '', 'GB'),
    performer: { name: SITE_ARTISTS.jsonLd },
  };
  return page(
    `${SITE_ARTISTS.jsonLd} — tour`,
    `<h1>${SITE_ARTISTS.jsonLd} on tour</h1>${ld(events)}${ld(graph)}${ld(list)}${ld(yearless)}`,
    '<meta property="article:modified_time" content="2026-11-01T10:00:00Z">',
  );
}

function microdataPage(): string {
  const row = (date: string, venueName: string, city: string, region: string, ticket: string) => `
    <li itemscope itemtype="https://schema.org/MusicEvent">
      <span itemprop="name">${SITE_ARTISTS.microdata} live</span>
      <span itemprop="performer" itemscope itemtype="https://schema.org/MusicGroup"><span itemprop="name">${SITE_ARTISTS.microdata}</span></span>
      <time itemprop="startDate" datetime="${date}">${date}</time>
      <div itemprop="location" itemscope itemtype="https://schema.org/Place">
        <span itemprop="name">${venueName}</span>
        <div itemprop="address" itemscope itemtype="https://schema.org/PostalAddress">
          <span itemprop="addressLocality">${city}</span>, <span itemprop="addressRegion">${region}</span>
          <meta itemprop="addressCountry" content="US">
        </div>
      </div>
      <a itemprop="offers" itemscope itemtype="https://schema.org/Offer"><link itemprop="url" href="${ticket}">Tickets</a>
    </li>`;
  return page(
    `${SITE_ARTISTS.microdata} — dates`,
    `<ul>${row('2027-05-01T19:30', 'The Fillmore', 'San Francisco', 'CA', '/t/1')}${row('2027-05-03', 'Crystal Ballroom', 'Portland', 'Oregon', '/t/2')}</ul>`,
  );
}

function icsPage(): string {
  return page(
    `${SITE_ARTISTS.ics}`,
    `<h1>Shows</h1><p>Subscribe: <a href="/calendar.ics">our calendar</a></p>`,
    '<link rel="alternate" type="text/calendar" href="/calendar.ics">',
  );
}

function icsFile(): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//fake//tour//EN',
    'BEGIN:VEVENT',
    'UID:ice-1@fake',
    'DTSTAMP:20261101T000000Z',
    'DTSTART;TZID=Europe/Paris:20270612T203000',
    `SUMMARY:${SITE_ARTISTS.ics} at La Cigale`,
    'LOCATION:La Cigale, Paris, France',
    'URL:https://tickets.example/cigale',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:ice-2@fake',
    'DTSTAMP:20261101T000000Z',
    'DTSTART:20270615T190000Z',
    `SUMMARY:${SITE_ARTISTS.ics} at Paradiso`,
    'LOCATION:Paradiso, Amsterdam, Netherlands',
    'STATUS:CANCELLED',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

function artistHome(): string {
  return page(
    SITE_ARTISTS.homepage,
    `<nav><a href="/homepage/">Home</a> <a href="/homepage/music">Music</a> <a href="/homepage/tour">Tour dates</a> <a href="https://shop.example/">Shop</a></nav><h1>${SITE_ARTISTS.homepage}</h1>`,
  );
}

function artistTour(): string {
  return page(
    `${SITE_ARTISTS.homepage} — tour`,
    ld({
      '@context': 'https://schema.org',
      '@type': 'MusicEvent',
      '@id': 'quartz-1',
      name: `${SITE_ARTISTS.homepage} at the Roundhouse`,
      startDate: '2027-06-20T19:00:00+01:00',
      location: venue('The Roundhouse', 'London', '', 'GB'),
      performer: { '@type': 'MusicGroup', name: SITE_ARTISTS.homepage },
      offers: { url: 'https://tickets.example/roundhouse' },
    }),
  );
}

const nameOf = (slug: string) =>
  slug.replace(/(^|-)([a-z0-9])/g, (_, dash: string, c: string) => (dash ? ' ' : '') + c.toUpperCase());

function ownArtistHome(slug: string): string {
  return page(
    nameOf(slug),
    `<nav><a href="/artists/${slug}/">Home</a> <a href="/artists/${slug}/tour">Live</a></nav><h1>${nameOf(slug)}</h1>`,
  );
}

function ownArtistTour(slug: string): string {
  return page(
    `${nameOf(slug)} — live`,
    ld({
      '@context': 'https://schema.org',
      '@type': 'MusicEvent',
      '@id': `${slug}-paradiso`,
      name: `${nameOf(slug)} at Paradiso`,
      startDate: '2027-08-08T20:00:00+02:00',
      location: venue('Paradiso', 'Amsterdam', '', 'NL'),
      performer: { '@type': 'MusicGroup', name: nameOf(slug) },
    }),
  );
}

function widgetHome(): string {
  return page(
    SITE_ARTISTS.widget,
    `<h1>${SITE_ARTISTS.widget}</h1><a class="bit-widget-initializer" data-artist-name="${SITE_ARTISTS.widget}" data-display-limit="10"></a><script src="https://widget.bandsintown.com/main.min.js"></script>`,
  );
}

function bandsintownEvents(name: string) {
  if (name !== SITE_ARTISTS.widget)
    return { status: 404, body: { errorMessage: '[NotFound] The artist was not found' } };
  return {
    status: 200,
    body: [
      {
        id: '1037000001',
        artist_id: '15500001',
        url: 'https://www.bandsintown.com/e/1037000001?app_id=fake',
        on_sale_datetime: '',
        datetime: '2027-07-12T19:30:00',
        title: '',
        description: '',
        venue: {
          name: 'Paradise Rock Club',
          location: 'Boston, MA',
          city: 'Boston',
          region: 'MA',
          country: 'United States',
          latitude: '42.3517',
          longitude: '-71.1211',
        },
        offers: [{ type: 'Tickets', url: 'https://www.bandsintown.com/t/1037000001?app_id=fake', status: 'available' }],
        lineup: [SITE_ARTISTS.widget],
      },
    ],
  };
}

type RecheckVersion = 'v1' | 'v2' | 'v3';

function recheckPage(version: RecheckVersion): string {
  const event = (id: string, date: string, venueName: string, city: string, status = 'EventScheduled') => ({
    '@context': 'https://schema.org',
    '@type': 'MusicEvent',
    '@id': id,
    name: `${SITE_ARTISTS.recheck} live`,
    startDate: date,
    eventStatus: status,
    location: venue(venueName, city, '', 'GB'),
    performer: { name: SITE_ARTISTS.recheck },
  });
  const events =
    version === 'v3'
      ? [
          event('salt-1', '2027-09-01T20:00', 'Albert Hall', 'Manchester'),
          event('salt-2', '2027-09-03T20:00', 'The Roundhouse', 'London'),
          // salt-3 a day later, same venue and time.
          event('salt-3', '2027-09-06T20:00', 'Barrowland Ballroom', 'Glasgow'),
        ]
      : version === 'v1'
        ? [
            event('salt-1', '2027-09-01T20:00', 'Albert Hall', 'Manchester'),
            event('salt-2', '2027-09-03T20:00', 'The Roundhouse', 'London'),
            event('salt-3', '2027-09-05T20:00', 'Barrowland Ballroom', 'Glasgow'),
          ]
        : [
            // salt-1 moved to another date and venue; salt-2 cancelled; salt-3 gone from the page.
            event('salt-1', '2027-09-02T20:00', 'O2 Ritz', 'Manchester'),
            event('salt-2', '2027-09-03T20:00', 'The Roundhouse', 'London', 'https://schema.org/EventCancelled'),
          ];
  return page(`${SITE_ARTISTS.recheck}`, ld(events));
}

export async function startFakeTourSites(options: { port?: number; internalUrl?: string } = {}): Promise<FakeSite> {
  const requests: SiteRequest[] = [];
  let internalUrl = options.internalUrl ?? 'http://127.0.0.1:9/';
  let recheckVersion: RecheckVersion = 'v1';
  let selfUrl = '';

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.local');
    const html = (body: string, status = 200) => {
      res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (url.pathname.startsWith('/__fake/')) return control(req, res, url.pathname);
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      userAgent: req.headers['user-agent'],
      at: Date.now(),
    });
    switch (url.pathname) {
      case '/robots.txt':
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        return res.end('User-agent: *\nDisallow: /private/\n');
      case '/jsonld':
        return html(jsonLdPage());
      case '/microdata':
        return html(microdataPage());
      case '/ics-page':
        return html(icsPage());
      case '/calendar.ics':
        res.writeHead(200, { 'Content-Type': 'text/calendar; charset=utf-8' });
        return res.end(icsFile());
      case '/text-tour':
        return html(textTourPage());
      case '/plain':
        return html(page('News', '<h1>News</h1><p>We are playing somewhere soon! Watch this space.</p>'));
      case '/homepage/':
        return html(artistHome());
      case '/homepage/tour':
        return html(artistTour());
      case '/widget/':
        return html(widgetHome());
      case '/recheck':
        return html(recheckPage(recheckVersion));
      case '/private/page':
        return html(jsonLdPage());
      case '/redirect-private':
        res.writeHead(302, { Location: internalUrl });
        return res.end();
      case '/redirect-chain': {
        const hop = Number(url.searchParams.get('hop') ?? 0);
        res.writeHead(302, { Location: `/redirect-chain?hop=${hop + 1}` });
        return res.end();
      }
      case '/redirect-ok':
        res.writeHead(301, { Location: `${selfUrl}/jsonld` });
        return res.end();
      case '/slow':
        await sleep(Number(url.searchParams.get('ms') ?? 15_000));
        if (!res.destroyed) html(jsonLdPage());
        return;
      case '/huge': {
        // 20 MB without a Content-Length: the cap must count what streams in.
        res.writeHead(200, { 'Content-Type': 'text/html' });
        const chunk = `<p>${'x'.repeat(1020)}</p>\n`;
        let sent = 0;
        const write = () => {
          while (sent < 20 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return res.once('drain', write);
          }
          res.end();
        };
        res.on('close', () => {
          sent = Number.POSITIVE_INFINITY;
        });
        return write();
      }
      case '/image.png':
        res.writeHead(200, { 'Content-Type': 'image/png' });
        return res.end(Buffer.alloc(64));
    }
    // Browser tests' own artists: /artists/<slug>/ links to /artists/<slug>/tour (name from the slug).
    const own = /^\/artists\/([a-z0-9-]+)\/(tour)?$/.exec(url.pathname);
    if (own) return html(own[2] ? ownArtistTour(own[1]!) : ownArtistHome(own[1]!));
    const bit = /^\/bandsintown\/artists\/([^/]+)\/events$/.exec(url.pathname);
    if (bit) {
      const answer =
        url.searchParams.get('app_id') === FAKE_BANDSINTOWN_KEY
          ? bandsintownEvents(decodeURIComponent(bit[1]!))
          : { status: 403, body: { Message: 'User is not authorized to access this resource' } };
      res.writeHead(answer.status, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify(answer.body));
    }
    html(page('Not found', '<h1>Not found</h1>'), 404);
  });

  async function control(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = text ? (JSON.parse(text) as Record<string, string>) : {};
    const ok = (value: unknown) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (pathname === '/__fake/health') return ok({ ok: true });
    if (pathname === '/__fake/requests') return ok(requests);
    if (pathname === '/__fake/reset') {
      requests.length = 0;
      recheckVersion = 'v1';
      return ok({ ok: true });
    }
    if (pathname === '/__fake/recheck-version') {
      recheckVersion = body.version === 'v2' || body.version === 'v3' ? body.version : 'v1';
      return ok({ ok: true });
    }
    res.writeHead(404).end();
  }

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  selfUrl = `http://127.0.0.1:${port}`;
  return {
    url: selfUrl,
    port,
    requests,
    setInternalUrl: (value) => {
      internalUrl = value;
    },
    setRecheckVersion: (version) => {
      recheckVersion = version;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A private service nobody outside may reach: its log must stay empty in every SSRF test. */
export async function startFakeInternal(options: { port?: number } = {}) {
  const requests: SiteRequest[] = [];
  const server = http.createServer((req, res) => {
    if (req.url === '/__fake/requests') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify(requests));
    }
    requests.push({
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      userAgent: req.headers['user-agent'],
      at: Date.now(),
    });
    res.writeHead(200, { 'Content-Type': 'text/html' });
    res.end('<h1>secret admin panel</h1>');
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
