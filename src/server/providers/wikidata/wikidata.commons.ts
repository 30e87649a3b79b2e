import { createHash } from 'node:crypto';

/**
 * Wikidata statements and Wikimedia Commons file URLs, shared by the artist photos (images feature)
 * and the venue facts of the local guides.
 */

/** One statement's rank and value, as wbgetclaims and wbgetentities write it. */
export interface RankedStatement<V = unknown> {
  rank: 'preferred' | 'normal' | 'deprecated';
  mainsnak: { snaktype: string; datavalue?: { value: V } };
}

/** Commons is phasing out thumbnail widths other than its standard ones; 500 is one of them. */
export const THUMB_WIDTH = 500;

/** 'https://www.wikidata.org/wiki/Q98765432' → 'Q98765432'. */
export function wikidataId(url: string): string | null {
  const match = /\/(Q\d+)\/?$/.exec(url);
  return match ? match[1]! : null;
}

/** The statement to use: a preferred one first, else the first normal one; never deprecated. */
export function pickStatement<V>(statements: RankedStatement<V>[]): V | null {
  const usable = statements.filter((s) => s.rank !== 'deprecated' && s.mainsnak.datavalue);
  const chosen = usable.find((s) => s.rank === 'preferred') ?? usable[0];
  return chosen?.mainsnak.datavalue?.value ?? null;
}

/** The P18 file to show (a Commons file name with spaces, no 'File:' prefix). */
export function pickImageFile(statements: RankedStatement<string>[]): string | null {
  return pickStatement(statements);
}

/** Commons' direct thumbnail URL: the directory comes from the md5 of the underscored file name. */
export function commonsThumbnailUrl(fileName: string, width = THUMB_WIDTH): string {
  const name = fileName.trim().replace(/ /g, '_');
  const hash = createHash('md5').update(name, 'utf8').digest('hex');
  const encoded = encodeURIComponent(name);
  const rasterSuffix = /\.(svg|tiff?|pdf|djvu)$/i.test(name) ? '.png' : '';
  return `https://upload.wikimedia.org/wikipedia/commons/thumb/${hash[0]}/${hash.slice(0, 2)}/${encoded}/${width}px-${encoded}${rasterSuffix}`;
}

/** The file's page on Commons (its author and licence), for the credit line. */
export function commonsFilePage(fileName: string): string {
  return `https://commons.wikimedia.org/wiki/File:${encodeURIComponent(fileName.trim().replace(/ /g, '_'))}`;
}
