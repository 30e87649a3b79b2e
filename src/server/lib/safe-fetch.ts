import { AppError } from './app-error.ts';

/**
 * STUB — the contract of the one module for every server-side fetch of a user-given URL (issue 17,
 * "Safe fetching"). The safe-fetch builder replaces the body with the real checks (resolved
 * addresses, pinned connection, redirects, size and type caps, rate limits, robots.txt); callers
 * code against these types only.
 */
export type SafeContentKind = 'html' | 'json' | 'ics' | 'text';

export interface SafeFetchRequest {
  url: string;
  /** Rate limits are per user and per host. */
  userId: string | null;
  /** 'crawl' (the finder following links) obeys robots.txt; 'user-url' (pasted by the user) too. */
  purpose: 'user-url' | 'crawl';
  accept?: SafeContentKind[];
  signal?: AbortSignal;
}

export interface SafeFetchResponse {
  /** The final URL after redirects. */
  url: string;
  status: number;
  kind: SafeContentKind;
  contentType: string;
  body: string;
  /** Every URL visited, the first one included. */
  trail: string[];
}

export type SafeFetch = (request: SafeFetchRequest) => Promise<SafeFetchResponse>;

/** The stub: scheme check only. Not safe: never ship this. */
export function createSafeFetch(): SafeFetch {
  return async ({ url, signal }) => {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
      throw new AppError('BAD_REQUEST', 'Only http and https addresses can be fetched');
    }
    const response = await fetch(parsed, { signal, redirect: 'follow' });
    const contentType = response.headers.get('content-type') ?? '';
    const kind: SafeContentKind = contentType.includes('calendar')
      ? 'ics'
      : contentType.includes('json')
        ? 'json'
        : contentType.includes('html')
          ? 'html'
          : 'text';
    return { url: response.url, status: response.status, kind, contentType, body: await response.text(), trail: [url] };
  };
}
