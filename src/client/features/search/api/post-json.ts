import { apiSend } from '#client/lib/api-client.ts';

/** POSTs JSON to our API; throws ApiError for network failures and non-2xx answers, like apiGet. */
export const postJson = <T>(path: string, body: unknown): Promise<T> => apiSend<T>('POST', path, body);
