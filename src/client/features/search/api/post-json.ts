import { ApiError } from '#client/lib/api-client.ts';
import type { ErrorBody } from '#shared/errors.ts';

/** POSTs JSON to our API; throws ApiError for network failures and non-2xx answers, like apiGet. */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Check your connection and try again.');
  }
  if (response.ok) return (await response.json()) as T;
  const error = ((await response.json().catch(() => null)) as Partial<ErrorBody> | null)?.error;
  throw new ApiError(response.status, error?.code ?? 'INTERNAL', error?.message ?? response.statusText);
}
