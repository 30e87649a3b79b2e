import { keptFormatter } from './dates.ts';
import { orderSources, type StopSourceView } from './tour-sources.ts';

/**
 * Ticket sale times as fans read them. Apart from dates.ts and tour-sources.ts, which every page
 * loads: only the tour stop row, the show page and the server's messages need these.
 */
export interface SaleTimes {
  /** ISO 8601 instants, null when unknown. */
  onSaleAt: string | null;
  presaleAt: string | null;
  presaleName: string | null;
}

interface SourceSaleTimes {
  provider: string;
  onSaleAt?: string | null;
  presaleAt?: string | null;
  presaleName?: string | null;
}

/** The best source's public sale, and the best source's first presale (each from whichever gives it). */
export function saleTimesOf(sources: SourceSaleTimes[]): SaleTimes {
  const ranked = orderSources(sources);
  const pub = ranked.find((source) => source.onSaleAt);
  const pre = ranked.find((source) => source.presaleAt);
  return { onSaleAt: pub?.onSaleAt ?? null, presaleAt: pre?.presaleAt ?? null, presaleName: pre?.presaleName ?? null };
}

/** The times still ahead of `now` (the ones worth telling about); null when none is. */
export function futureSaleTimes(times: SaleTimes, now: Date): SaleTimes | null {
  const ahead = (at: string | null) => (at !== null && Date.parse(at) > now.getTime() ? at : null);
  const onSaleAt = ahead(times.onSaleAt);
  const presaleAt = ahead(times.presaleAt);
  if (!onSaleAt && !presaleAt) return null;
  return { onSaleAt, presaleAt, presaleName: presaleAt ? times.presaleName : null };
}

/**
 * An instant (ISO 8601, e.g. a ticket sale's start) as people write it, in `timeZone` (the
 * runtime's when absent): 'Fri, Sep 4, 10:00 AM', with the zone's short name ('EDT') when
 * `withZone`. No year: sales are weeks ahead, never years. Null for text that is no instant.
 */
export function formatInstant(iso: string, timeZone?: string, { withZone = false } = {}): string | null {
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  const formatter = keptFormatter({
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
    ...(withZone ? { timeZoneName: 'short' } : {}),
  });
  if (!formatter) return timeZone ? formatInstant(iso, 'UTC', { withZone: true }) : null; // an unknown zone name: say UTC
  const parts = formatter.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const hour = part('hour') === '0' ? '12' : part('hour');
  const text = `${part('weekday')}, ${part('month')} ${part('day')}, ${hour}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
  return withZone && part('timeZoneName') ? `${text} ${part('timeZoneName')}` : text;
}

/**
 * 'On sale Fri, Sep 4, 10:00 AM' (with 'Presale Tue, Sep 1, 10:00 AM · ' before it) while the sale
 * is still ahead, in the viewer's zone (`timeZone`, the runtime's when absent; named with `withZone`),
 * best source first; null once tickets are on sale or when no source says.
 */
export function saleTimesText(
  sources: StopSourceView[],
  now: Date = new Date(),
  timeZone?: string,
  { withZone = false } = {},
): string | null {
  const { onSaleAt: publicAt, presaleAt } = futureSaleTimes(saleTimesOf(sources), now) ?? {};
  const at = (iso: string) => formatInstant(iso, timeZone, { withZone });
  const parts = [presaleAt ? `Presale ${at(presaleAt)}` : null, publicAt ? `On sale ${at(publicAt)}` : null].filter(
    (part): part is string => part !== null && !part.endsWith('null'),
  );
  return parts.length > 0 ? parts.join(' · ') : null;
}
