/**
 * API-only specs (no browser page): a new fan signed up over HTTP in its own request context, which
 * keeps the session cookie for the calls that follow. Each sign-up comes from a fresh client address.
 */
import { randomUUID } from 'node:crypto';
import { type APIRequestContext, expect, request as playwrightRequest } from '@playwright/test';
import { E2E_PASSWORD } from '../helpers/accounts.ts';
import { freshClientAddress } from './fixtures.ts';

export interface ApiFan {
  email: string;
  api: APIRequestContext;
  /** The session cookie as a Cookie header, for calls made without Playwright (event streams). */
  cookie: string;
  /** Headers a state-changing call needs: the public origin (the server refuses others). */
  writeHeaders: Record<string, string>;
}

export async function signUpApiFan(baseURL: string, prefix: string): Promise<ApiFan> {
  const origin = new URL(baseURL).origin;
  const address = freshClientAddress();
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address } });
  const email = `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
  const response = await api.post('/api/auth/sign-up/email', {
    data: { email, password: E2E_PASSWORD, name: 'API Fan', fullName: 'API Fan' },
    headers: { origin },
  });
  expect(response.status(), await response.text()).toBe(200);
  const { cookies } = await api.storageState();
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  return { email, api, cookie, writeHeaders: { origin } };
}
