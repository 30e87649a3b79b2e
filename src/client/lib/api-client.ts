import type { ErrorBody, ErrorCode, ErrorIssue } from '#shared/errors.ts';
import { type Saved, savedAtOf } from './saved-copy.ts';

/** A non-2xx answer from our API, carrying the wire error's code and message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    /** Every problem, when the server lists them (e.g. a refused import file). */
    readonly issues: ErrorIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type QueryValue = string | number | boolean | undefined;

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
  const error = body?.error;
  if (error?.code && error.message) return new ApiError(response.status, error.code, error.message, error.issues);
  return new ApiError(response.status, response.status === 404 ? 'NOT_FOUND' : 'INTERNAL', response.statusText);
}

const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, with its own type (an uploaded file); instead of `body`. */
  file?: Blob;
  signal?: AbortSignal;
}

/**
 * One request to our API with the user's cookie. State-changing ones need nothing more: the
 * browser adds the Origin header the server's CSRF check reads. Throws ApiError for network
 * failures and non-2xx answers (an abort stays an AbortError).
 */
export async function apiRequest(method: Method, path: string, options: RequestOptions = {}): Promise<Response> {
  const { query, body, file, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (file) headers['Content-Type'] = file.type || 'application/octet-stream';
  else if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      credentials: 'same-origin',
      headers,
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', NETWORK_MESSAGE);
  }
  if (!response.ok) throw await toApiError(response);
  return response;
}

/** GET a JSON resource from our API. */
export async function apiGet<T>(
  path: string,
  options: { query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
): Promise<T> {
  return (await (await apiRequest('GET', path, options)).json()) as T;
}

/** GET a fan's own JSON resource with the time the server sent it (an offline copy says how old it is). */
export async function apiGetSaved<T extends object>(
  path: string,
  options: { query?: Record<string, QueryValue>; signal?: AbortSignal } = {},
): Promise<Saved<T>> {
  const response = await apiRequest('GET', path, options);
  return { ...((await response.json()) as T), savedAt: savedAtOf(response) };
}

/** A state-changing call answered with JSON. */
export async function apiSend<T>(method: Exclude<Method, 'GET'>, path: string, body?: unknown): Promise<T> {
  return (await (await apiRequest(method, path, { body })).json()) as T;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NOT_FOUND';
}
