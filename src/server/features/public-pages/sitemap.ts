import { escapeHtml } from './page-head.ts';

/**
 * Sitemaps (sitemaps.org): at most 50,000 URLs (and 50 MB) per file, a sitemap index naming the
 * files. One series per kind of page, each paged on its own, so a file's rows are one indexed
 * read with an offset and a new artist moves no guide to another file.
 */
export const URLS_PER_SITEMAP = 50_000;

export type SitemapKind = 'pages' | 'venues' | 'guides';

export interface SitemapCountsForFiles {
  artists: number;
  venues: number;
  guides: number;
}

/** URLs per row: an artist has its tour page and its artist page. */
export const URLS_PER_ROW: Record<SitemapKind, number> = { pages: 2, venues: 1, guides: 1 };

/** Rows per file of a kind (the home page rides in the first `pages` file, one URL less there). */
export function rowsPerFile(kind: SitemapKind, urlsPerFile = URLS_PER_SITEMAP): number {
  return Math.floor((urlsPerFile - (kind === 'pages' ? 1 : 0)) / URLS_PER_ROW[kind]);
}

/** The files of each kind: `pages` always has one (the home page), the others one per started page of rows. */
export function sitemapFiles(counts: SitemapCountsForFiles, urlsPerFile = URLS_PER_SITEMAP): string[] {
  const files = (kind: SitemapKind, rows: number, atLeastOne: boolean) => {
    const count = Math.max(atLeastOne ? 1 : 0, Math.ceil(rows / rowsPerFile(kind, urlsPerFile)));
    return Array.from({ length: count }, (_, index) => `${kind}-${index + 1}.xml`);
  };
  return [
    ...files('pages', counts.artists, true),
    ...files('venues', counts.venues, false),
    ...files('guides', counts.guides, false),
  ];
}

/** `guides-3.xml` → { kind: 'guides', page: 3 }; anything else null. */
export function parseSitemapFile(name: string): { kind: SitemapKind; page: number } | null {
  const match = /^(pages|venues|guides)-([1-9]\d{0,5})\.xml$/.exec(name);
  if (!match) return null;
  return { kind: match[1] as SitemapKind, page: Number(match[2]) };
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function sitemapIndexXml(fileUrls: string[]): string {
  const entries = fileUrls.map((url) => `  <sitemap><loc>${escapeHtml(url)}</loc></sitemap>`).join('\n');
  return `${XML_HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries}\n</sitemapindex>\n`;
}

export function urlSetXml(urls: { loc: string; lastmod: string | null }[]): string {
  const entries = urls
    .map(
      ({ loc, lastmod }) =>
        `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`,
    )
    .join('\n');
  return `${XML_HEAD}<urlset xmlns="${NAMESPACE}">\n${entries}\n</urlset>\n`;
}

/** Signed-in and operator pages: nothing there for a search engine. */
const PRIVATE_PATHS = [
  '/admin',
  '/auth',
  '/settings',
  '/dashboard',
  '/my-artists',
  '/my-shows',
  '/music-services',
  '/notifications',
  '/stats',
  '/vacation',
  '/trip/',
  '/shows/',
  '/add-show',
  '/tour-scraper',
  '/tour-web',
];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
