import { formatInstant } from './dates.ts';

/** The tour-date sources as fans read their names (provenance: "Listed by Ticketmaster, Bandsintown"). */

export const TOUR_SOURCE_LABELS: Record<string, string> = {
  ticketmaster: 'Ticketmaster',
  jambase: 'JamBase',
  bandsintown: 'Bandsintown',
};

/** Best source first: the seller, then the listings (the merge's own order, ADR 0044). */
const ORDER = ['ticketmaster', 'jambase', 'bandsintown'];

/** One source listing a stop. */
export interface StopSourceView {
  provider: string;
  /** The source's page for the show. */
  url: string | null;
  ticketUrl: string | null;
  /** Who sells the tickets at ticketUrl, when the source says. */
  seller: string | null;
  /** When this source says the public sale and its first presale open (ISO 8601); absent when it does not say. */
  onSaleAt?: string;
  presaleAt?: string;
}

export const sourceLabel = (provider: string): string => TOUR_SOURCE_LABELS[provider] ?? provider;

export function orderSources<T extends { provider: string }>(sources: T[]): T[] {
  const rank = (provider: string) => (ORDER.includes(provider) ? ORDER.indexOf(provider) : ORDER.length);
  return [...sources].sort((a, b) => rank(a.provider) - rank(b.provider));
}

/** "Listed by Ticketmaster, Bandsintown"; empty when no source lists the stop. */
export function listedByText(sources: StopSourceView[]): string {
  const names = [...new Set(orderSources(sources).map((source) => sourceLabel(source.provider)))];
  return names.length === 0 ? '' : `Listed by ${names.join(', ')}`;
}

/** One ticket link per seller (the seller's name, else the listing source's), best source first. */
export function ticketLinks(sources: StopSourceView[]): { seller: string; url: string }[] {
  const links = new Map<string, string>();
  for (const source of orderSources(sources)) {
    if (!source.ticketUrl || !/^https?:\/\//.test(source.ticketUrl)) continue;
    const seller = source.seller ?? sourceLabel(source.provider);
    if (!links.has(seller)) links.set(seller, source.ticketUrl);
  }
  return [...links].map(([seller, url]) => ({ seller, url }));
}

/** The ticket links a stop offers: one per seller its sources name, else the stop's own link. */
export function ticketOffers(
  sources: StopSourceView[],
  ownUrl: string | null,
): { seller: string | null; url: string }[] {
  const sellers = ticketLinks(sources);
  if (sellers.length > 0) return sellers;
  return ownUrl ? [{ seller: null, url: ownUrl }] : [];
}

/**
 * 'On sale Fri, Sep 4, 10:00 AM' (with 'Presale Tue, Sep 1, 10:00 AM · ' before it) while the sale
 * is still ahead, in the viewer's zone (`timeZone`, the runtime's when absent), best source first;
 * null once tickets are on sale or when no source says.
 */
export function saleTimesText(sources: StopSourceView[], now: Date = new Date(), timeZone?: string): string | null {
  const ranked = orderSources(sources);
  const ahead = (at: string | undefined) => (at && Date.parse(at) > now.getTime() ? at : null);
  const publicAt = ahead(ranked.find((source) => source.onSaleAt)?.onSaleAt);
  const presaleAt = ahead(ranked.find((source) => source.presaleAt)?.presaleAt);
  const parts = [
    presaleAt ? `Presale ${formatInstant(presaleAt, timeZone)}` : null,
    publicAt ? `On sale ${formatInstant(publicAt, timeZone)}` : null,
  ].filter((part): part is string => part !== null && !part.endsWith('null'));
  return parts.length > 0 ? parts.join(' · ') : null;
}
