/** The tour-date sources as fans read their names (provenance: "Listed by Ticketmaster, Bandsintown"). */

export const TOUR_SOURCE_LABELS: Record<string, string> = {
  ticketmaster: 'Ticketmaster',
  jambase: 'JamBase',
  bandsintown: 'Bandsintown',
};

/**
 * Best source first: the seller, then the listings, then what fans and imports brought (ADR 0044).
 * The one order for the merge on the server and for what fans read.
 */
export const SOURCE_PRIORITY = ['ticketmaster', 'jambase', 'bandsintown', 'tour-scraper', 'import'] as const;

/** A provider's place in SOURCE_PRIORITY; an unknown one comes last. */
export const priorityOf = (provider: string): number => {
  const index = (SOURCE_PRIORITY as readonly string[]).indexOf(provider);
  return index === -1 ? SOURCE_PRIORITY.length : index;
};

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
  return [...sources].sort((a, b) => priorityOf(a.provider) - priorityOf(b.provider));
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
