import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for the Authorization header (the S3 API and every S3-compatible
 * store: MinIO, R2, …). Reference: "Authenticating Requests (AWS Signature Version 4)"; the unit
 * tests check it against AWS's published example signatures.
 */

export interface SigningCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  service: string;
}

export interface RequestToSign {
  method: string;
  url: URL;
  /** Headers to sign besides host and x-amz-date (which are added); names in any case. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (S3 also wants it in x-amz-content-sha256). */
  payloadHash: string;
}

export const sha256Hex = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is %XX. */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Each path segment encoded once (S3 does not double-encode, unlike other AWS services). */
function canonicalUri(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

function canonicalQuery(params: URLSearchParams): string {
  return [...params]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

/** 2013-05-24T00:00:00.000Z → 20130524T000000Z */
export const amzDate = (date: Date) => date.toISOString().replace(/[-:]|\.\d{3}/g, '');

export function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  const dateKey = hmac(`AWS4${secretAccessKey}`, day);
  return hmac(hmac(hmac(dateKey, region), service), 'aws4_request');
}

/**
 * The headers to send: the given ones plus x-amz-date and Authorization. Host is signed from the
 * URL (fetch sends the same value) and is not returned, as fetch may not set it.
 */
export function signRequest(
  request: RequestToSign,
  credentials: SigningCredentials,
  now: Date = new Date(),
): Record<string, string> {
  const timestamp = amzDate(now);
  const day = timestamp.slice(0, 8);
  const signed: Record<string, string> = { host: request.url.host, 'x-amz-date': timestamp };
  for (const [name, value] of Object.entries(request.headers)) signed[name.toLowerCase()] = value;
  const names = Object.keys(signed).sort();
  const canonicalHeaders = names.map((name) => `${name}:${signed[name]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method.toUpperCase(),
    canonicalUri(request.url.pathname),
    canonicalQuery(request.url.searchParams),
    canonicalHeaders,
    signedHeaders,
    request.payloadHash,
  ].join('\n');
  const scope = `${day}/${credentials.region}/${credentials.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', timestamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = signingKey(credentials.secretAccessKey, day, credentials.region, credentials.service);
  const signature = hmac(key, stringToSign).toString('hex');
  const { host: _host, ...toSend } = signed;
  return {
    ...toSend,
    authorization: `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}
