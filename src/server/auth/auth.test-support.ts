import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer, type TestServerOptions } from '#tests/setup/test-server.ts';

/**
 * Helpers for the accounts API tests: a server with its own outbox, and a tiny "browser" that keeps
 * cookies, sends the public Origin (as a same-site page would) and its own client address.
 */
export const PUBLIC_URL = 'http://localhost:3000';

export interface AuthTestServer extends TestServer {
  dataDir: string;
}

/** TRUST_PROXY=1 so each test picks its client address with X-Forwarded-For (its own rate-limit bucket). */
export async function startAuthTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<AuthTestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourguides-auth-'));
  const server = await startTestServer({ DATA_DIR: dataDir, TRUST_PROXY: '1', PUBLIC_URL, ...env }, options);
  return {
    ...server,
    dataDir,
    close: async () => {
      await server.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let ipCounter = 0;
/** A fresh documentation-range address per call. */
export function nextIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export function uniqueEmail(label = 'fan'): string {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}

export interface RequestOptions {
  method?: string;
  json?: unknown;
  headers?: Record<string, string>;
}

export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly server: TestServer,
    readonly ip = nextIp(),
  ) {}

  async request(pathname: string, options: RequestOptions = {}): Promise<Response> {
    const headers: Record<string, string> = { origin: PUBLIC_URL, 'x-forwarded-for': this.ip, ...options.headers };
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader();
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    const response = await this.server.fetch(pathname, {
      method: options.method ?? (options.json === undefined ? 'GET' : 'POST'),
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
      redirect: 'manual',
    });
    this.storeCookies(response);
    return response;
  }

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private storeCookies(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = /max-age=0/i.test(line) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export async function signUp(browser: TestBrowser, email: string, password: string, fullName = 'Test Fan') {
  return browser.request('/api/auth/sign-up/email', { json: { email, password, name: fullName, fullName } });
}

export async function signIn(browser: TestBrowser, email: string, password: string) {
  return browser.request('/api/auth/sign-in/email', { json: { email, password } });
}

/** The newest mail in the outbox addressed to `to` (raw MIME, quoted-printable decoded enough to read links). */
export function latestMail(server: AuthTestServer, to: string): string | undefined {
  const dir = path.join(server.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return undefined;
  const files = fs.readdirSync(dir).sort().reverse();
  for (const file of files) {
    const raw = fs.readFileSync(path.join(dir, file), 'utf8');
    if (raw.includes(`To: ${to}`)) return decodeQuotedPrintable(raw);
  }
  return undefined;
}

export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

export function mailCount(server: AuthTestServer): number {
  const dir = path.join(server.dataDir, 'outbox');
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
}
