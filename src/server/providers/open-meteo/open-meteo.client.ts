import type { Database } from '#server/db/client.ts';
import type { ForecastData, TypicalData } from '#shared/guides.ts';
import { type CallRecorder, providerGetJson, waitForRateSlot } from '../http.ts';
import { type OpenMeteoDaily, openMeteoDailySchema, openMeteoManySchema } from './open-meteo.schemas.ts';

export const OPEN_METEO = 'open-meteo';
/** Past years averaged for "typical weather": a 7-day window × 5 years weighs a few calls, not hundreds. */
export const TYPICAL_YEARS = 5;
const TYPICAL_WINDOW_DAYS = 3;

export interface OpenMeteoClientOptions {
  /** e.g. https://api.open-meteo.com (…/v1/forecast). */
  forecastUrl: string;
  /** e.g. https://archive-api.open-meteo.com (…/v1/archive). */
  archiveUrl: string;
  userAgent: string;
  database: Database;
  timeoutMs: number;
  record: CallRecorder;
  /** The free API allows 600 calls a minute per IP; one slot every `intervalMs` keeps well under. */
  intervalMs: number;
}

export type OpenMeteoClient = ReturnType<typeof createOpenMeteoClient>;

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function at<T>(values: T[] | undefined, index: number): T | null {
  return values?.[index] ?? null;
}

function mean(values: (number | null)[]): number | null {
  const known = values.filter((value): value is number => value !== null);
  if (known.length === 0) return null;
  return Math.round((known.reduce((sum, value) => sum + value, 0) / known.length) * 10) / 10;
}

export function createOpenMeteoClient(options: OpenMeteoClientOptions) {
  const common = {
    provider: OPEN_METEO,
    headers: { 'User-Agent': options.userAgent },
    timeoutMs: options.timeoutMs,
    record: options.record,
    maxAttempts: 2,
    beforeAttempt: () => waitForRateSlot(options.database, OPEN_METEO, options.intervalMs),
  };
  return {
    /** The forecast for one day (within the 16-day horizon), in the venue's zone. */
    async forecast(lat: number, lon: number, date: string, timeZone: string | null): Promise<ForecastData> {
      const url = new URL('/v1/forecast', options.forecastUrl);
      url.search = new URLSearchParams({
        latitude: lat.toFixed(4),
        longitude: lon.toFixed(4),
        daily: 'temperature_2m_max,temperature_2m_min,precipitation_probability_max,weather_code',
        timezone: timeZone ?? 'auto',
        start_date: date,
        end_date: date,
      }).toString();
      const answer = await providerGetJson({ ...common, operation: 'forecast', url, schema: openMeteoDailySchema });
      const index = answer.daily.time.indexOf(date);
      const daily = answer.daily;
      return {
        date,
        maxC: index < 0 ? null : at(daily.temperature_2m_max, index),
        minC: index < 0 ? null : at(daily.temperature_2m_min, index),
        precipitationChance: index < 0 ? null : at(daily.precipitation_probability_max, index),
        weatherCode: index < 0 ? null : at(daily.weather_code, index),
      };
    },

    /** The same week in each of the last TYPICAL_YEARS years, in one call (one pair per coordinate). */
    async typical(lat: number, lon: number, date: string, thisYear: number): Promise<TypicalData> {
      const monthDay = date.slice(4);
      const years = Array.from({ length: TYPICAL_YEARS }, (_, i) => thisYear - 1 - i);
      const centres = years.map((year) => `${year}${monthDay === '-02-29' ? '-02-28' : monthDay}`);
      const url = new URL('/v1/archive', options.archiveUrl);
      url.search = new URLSearchParams({
        latitude: years.map(() => lat.toFixed(4)).join(','),
        longitude: years.map(() => lon.toFixed(4)).join(','),
        start_date: centres.map((centre) => addDays(centre, -TYPICAL_WINDOW_DAYS)).join(','),
        end_date: centres.map((centre) => addDays(centre, TYPICAL_WINDOW_DAYS)).join(','),
        daily: 'temperature_2m_max,temperature_2m_min,precipitation_sum',
        timezone: 'auto',
      }).toString();
      const answer = await providerGetJson({ ...common, operation: 'typical', url, schema: openMeteoManySchema });
      const locations: OpenMeteoDaily[] = Array.isArray(answer) ? answer : [answer];
      const all = (pick: (daily: OpenMeteoDaily['daily']) => (number | null)[] | undefined) =>
        locations.flatMap((location) => pick(location.daily) ?? []);
      const rain = all((daily) => daily.precipitation_sum).filter((value): value is number => value !== null);
      return {
        years: locations.length,
        maxC: mean(all((daily) => daily.temperature_2m_max)),
        minC: mean(all((daily) => daily.temperature_2m_min)),
        rainyDaysPercent:
          rain.length === 0 ? null : Math.round((100 * rain.filter((mm) => mm > 1).length) / rain.length),
      };
    },
  };
}
