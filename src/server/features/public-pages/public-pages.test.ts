import { describe, expect, it } from 'vitest';
import { zonedStart } from './music-events.ts';
import { clip, injectHead, jsonForScript, type PageMeta } from './page-head.ts';
import { publicPageOf } from './public-pages.service.ts';
import { parseSitemapFile, rowsPerFile, sitemapFiles, URLS_PER_SITEMAP, urlSetXml } from './sitemap.ts';

const meta: PageMeta = {
  title: 'Tom & "Jerry" <Live> | TourGuides',
  description: 'A description',
  canonical: 'https://tours.example/tour/tom',
  image: 'https://tours.example/icons/icon-512.png',
  card: 'summary',
  ogType: 'website',
  jsonLd: [{ name: '</script><!--' }],
  noindex: false,
};

describe('page head', () => {
  it('replaces the shell title and description and escapes attribute text', () => {
    const shell =
      '<html><head><meta charset="UTF-8" />\n<meta name="description" content="generic" />\n<title>Generic</title>\n</head><body><div id="root"></div></body></html>';
    const html = injectHead(shell, meta);
    expect(html).not.toContain('Generic');
    expect(html).not.toContain('generic');
    expect(html).toContain('<title>Tom &amp; &quot;Jerry&quot; &lt;Live&gt; | TourGuides</title>');
    expect(html).toContain(
      '<meta property="og:title" content="Tom &amp; &quot;Jerry&quot; &lt;Live&gt; | TourGuides" />',
    );
    expect(html).toContain('<script type="application/ld+json">{"name":"\\u003c/script>\\u003c!--"}</script>');
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
  });

  it('keeps JSON-LD parseable to the same value', () => {
    const value = { name: 'a<b\u2028c' };
    expect(JSON.parse(jsonForScript(value))).toEqual(value);
    expect(jsonForScript(value)).not.toMatch(/[<\u2028]/);
  });

  it('clips long descriptions at a word', () => {
    expect(clip('short')).toBe('short');
    const long = 'word '.repeat(60);
    expect(clip(long).length).toBeLessThanOrEqual(155);
    expect(clip(long).endsWith('word…')).toBe(true);
  });
});

describe('MusicEvent start dates', () => {
  it('gives the offset of the venue zone on that day, across daylight saving', () => {
    expect(zonedStart('2099-01-10', '20:00', 'America/New_York')).toBe('2099-01-10T20:00:00-05:00');
    expect(zonedStart('2099-07-10', '20:00', 'America/New_York')).toBe('2099-07-10T20:00:00-04:00');
    expect(zonedStart('2099-07-10', '19:30', 'Asia/Kolkata')).toBe('2099-07-10T19:30:00+05:30');
    expect(zonedStart('2099-07-10', '19:30', 'UTC')).toBe('2099-07-10T19:30:00+00:00');
  });

  it('gives the date alone without a time, and a local time without a zone', () => {
    expect(zonedStart('2099-07-10', null, 'Europe/Paris')).toBe('2099-07-10');
    expect(zonedStart('2099-07-10', '21:00', null)).toBe('2099-07-10T21:00:00');
  });

  it('gives a local time for a zone Intl does not know, and the new offset just after a DST change', () => {
    expect(zonedStart('2099-07-10', '21:00', 'Mars/Olympus_Mons')).toBe('2099-07-10T21:00:00');
    // New York moves to -04:00 at 02:00 on 2027-03-14: 03:30 that morning is already summer time.
    expect(zonedStart('2027-03-14', '03:30', 'America/New_York')).toBe('2027-03-14T03:30:00-04:00');
    expect(zonedStart('2027-03-13', '03:30', 'America/New_York')).toBe('2027-03-13T03:30:00-05:00');
  });
});

describe('sitemaps', () => {
  it('pages 10,000 artists, 2,000 venues and 200,000 stops into files of at most 50,000 URLs', () => {
    const files = sitemapFiles({ artists: 10_000, venues: 2_000, guides: 200_000 });
    expect(files).toEqual([
      'pages-1.xml',
      'venues-1.xml',
      'guides-1.xml',
      'guides-2.xml',
      'guides-3.xml',
      'guides-4.xml',
    ]);
    expect(1 + 2 * rowsPerFile('pages')).toBeLessThanOrEqual(URLS_PER_SITEMAP);
    expect(rowsPerFile('guides')).toBe(URLS_PER_SITEMAP);
    expect(sitemapFiles({ artists: 30_000, venues: 0, guides: 200_001 })).toEqual([
      'pages-1.xml',
      'pages-2.xml',
      'guides-1.xml',
      'guides-2.xml',
      'guides-3.xml',
      'guides-4.xml',
      'guides-5.xml',
    ]);
  });

  it('always lists the home page file, even for an empty catalog', () => {
    expect(sitemapFiles({ artists: 0, venues: 0, guides: 0 })).toEqual(['pages-1.xml']);
  });

  it('reads only its own file names', () => {
    expect(parseSitemapFile('guides-3.xml')).toEqual({ kind: 'guides', page: 3 });
    expect(parseSitemapFile('guides-0.xml')).toBeNull();
    expect(parseSitemapFile('../etc.xml')).toBeNull();
  });

  it('escapes URLs in the XML', () => {
    expect(urlSetXml([{ loc: 'https://x.example/?a=1&b=2', lastmod: '2099-01-01' }])).toContain(
      '<url><loc>https://x.example/?a=1&amp;b=2</loc><lastmod>2099-01-01</lastmod></url>',
    );
  });
});

describe('public page paths', () => {
  it('knows the public pages and nothing else', () => {
    expect(publicPageOf('/')).toEqual({ kind: 'home' });
    expect(publicPageOf('/tour/abc')).toEqual({ kind: 'tour', artistSlug: 'abc' });
    expect(publicPageOf('/guide/abc/2099-01-01-x')).toEqual({
      kind: 'guide',
      artistSlug: 'abc',
      stopSlug: '2099-01-01-x',
    });
    expect(publicPageOf('/settings')).toBeNull();
    expect(publicPageOf('/tour/abc/def')).toBeNull();
    expect(publicPageOf('/guide/abc')).toBeNull();
  });
});
