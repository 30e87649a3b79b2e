import { createHash, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A local stand-in for an S3-compatible bucket (path-style addressing: /<bucket>/<key>). It
 * answers PUT and GET Object with S3's real shapes and, like S3, checks every request's
 * Signature Version 4 against the shared test credentials and the body against its signed hash,
 * so a signing bug fails the tests. The verification below is written independently of
 * the client (aws4fetch) on purpose: one bug cannot hide in both.
 */

export const FAKE_S3_CREDENTIALS = {
  accessKeyId: 'TGFAKEACCESSKEY0001',
  secretAccessKey: 'tourguides/fake+secret/only-for-tests',
};
export const FAKE_S3_BUCKET = 'tourguides-test';

export interface StoredObject {
  body: Buffer;
  contentType: string;
  cacheControl: string | undefined;
  etag: string;
  lastModified: Date;
}

export interface FakeS3 {
  /** The endpoint to put in S3_ENDPOINT. */
  url: string;
  bucket: string;
  objects: Map<string, StoredObject>;
  /** Every request that reached the bucket, with its verdict. */
  requests: { method: string; path: string; status: number; code?: string }[];
  /** Answer the next `times` requests only after `ms` (for timeouts). */
  delayNext(ms: number, times?: number): void;
  /** Keys a ListObjectsV2 page holds at most (S3's 1,000 unless set lower, to test paging). */
  setListPageSize(size: number): void;
  /** Refuse the next `times` requests with S3's 503 SlowDown (S3 under load). */
  failNext(times?: number): void;
  /** S3_* variables that point the server at this bucket (override any to break one). */
  env(overrides?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

const region = 'us-east-1';
const MAX_SKEW_MS = 15 * 60_000;

const hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmacOf = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

function errorXml(code: string, message: string, resource: string): string {
  const requestId = randomBytes(8).toString('hex').toUpperCase();
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<Error><Code>${code}</Code><Message>${message}</Message><Resource>${resource}</Resource>` +
    `<RequestId>${requestId}</RequestId><HostId>${randomBytes(24).toString('base64')}</HostId></Error>`
  );
}

/** Why S3 would refuse this request's authentication, or null when it is correctly signed. */
function authenticationProblem(req: http.IncomingMessage, body: Buffer): { status: number; code: string } | null {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      req.headers.authorization ?? '',
    );
  if (!match) return { status: 400, code: 'AuthorizationHeaderMalformed' };
  const [, accessKeyId, day, requestRegion, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== FAKE_S3_CREDENTIALS.accessKeyId) return { status: 403, code: 'InvalidAccessKeyId' };
  if (requestRegion !== region) return { status: 400, code: 'AuthorizationHeaderMalformed' };
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const sentAt = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!amzDate.startsWith(day!) || Number.isNaN(sentAt)) return { status: 403, code: 'SignatureDoesNotMatch' };
  if (Math.abs(Date.now() - sentAt) > MAX_SKEW_MS) return { status: 403, code: 'RequestTimeTooSkewed' };
  const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (payloadHash !== hex(body)) return { status: 400, code: 'XAmzContentSHA256Mismatch' };
  const names = signedHeaders!.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return { status: 403, code: 'SignatureDoesNotMatch' };

  // The canonical request from what arrived on the wire: the raw path (the client sends it
  // encoded exactly as it signed it), the query, and the signed headers' values.
  const url = new URL(req.url ?? '/', 'http://fake.local');
  const query = [...url.searchParams]
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
    .sort()
    .join('&');
  const headerLines = names.map((name) => `${name}:${String(req.headers[name] ?? '').trim()}\n`).join('');
  const canonical = [req.method, url.pathname, query, headerLines, signedHeaders, payloadHash].join('\n');
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, hex(canonical)].join('\n');
  let key = hmacOf(`AWS4${FAKE_S3_CREDENTIALS.secretAccessKey}`, day!);
  for (const part of [region, 's3', 'aws4_request']) key = hmacOf(key, part);
  const expected = hmacOf(key, stringToSign).toString('hex');
  return expected === signature ? null : { status: 403, code: 'SignatureDoesNotMatch' };
}

const messages: Record<string, string> = {
  AuthorizationHeaderMalformed: 'The authorization header is malformed.',
  InvalidAccessKeyId: 'The AWS Access Key Id you provided does not exist in our records.',
  SignatureDoesNotMatch:
    'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
  RequestTimeTooSkewed: 'The difference between the request time and the current time is too large.',
  XAmzContentSHA256Mismatch: "The provided 'x-amz-content-sha256' header does not match what was computed.",
  NoSuchBucket: 'The specified bucket does not exist',
  NoSuchKey: 'The specified key does not exist.',
  MethodNotAllowed: 'The specified method is not allowed against this resource.',
  SlowDown: 'Please reduce your request rate.',
};

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** ListObjectsV2 as S3 answers it: keys in order, `max-keys` a page (1,000 by default), an opaque token. */
function listBucketXml(objects: Map<string, StoredObject>, query: URLSearchParams, pageSize: number): string {
  const prefix = query.get('prefix') ?? '';
  const maxKeys = Math.min(pageSize, Number(query.get('max-keys') ?? 1000));
  const after = query.get('continuation-token')
    ? Buffer.from(query.get('continuation-token')!, 'base64url').toString()
    : (query.get('start-after') ?? '');
  const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
  const page = keys.slice(0, maxKeys);
  const truncated = keys.length > page.length;
  const contents = page
    .map((key) => {
      const object = objects.get(key)!;
      return (
        `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified>` +
        `<ETag>${escapeXml(object.etag)}</ETag><Size>${object.body.byteLength}</Size><StorageClass>STANDARD</StorageClass></Contents>`
      );
    })
    .join('');
  const next = truncated
    ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString('base64url')}</NextContinuationToken>`
    : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${FAKE_S3_BUCKET}</Name>` +
    `<Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys>` +
    `<IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`
  );
}

export async function startFakeS3(options: { port?: number } = {}): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const requests: FakeS3['requests'] = [];
  let delay = { ms: 0, times: 0 };
  let failures = 0;
  let listPageSize = 1000;

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = new URL(req.url ?? '/', 'http://fake.local').pathname;
    const resource = decodeURIComponent(path);
    if (delay.times > 0) {
      delay.times -= 1;
      await sleep(delay.ms);
      if (res.destroyed) return;
    }

    const reply = (status: number, headers: Record<string, string | number>, content: string | Buffer = '') => {
      const code = status >= 300 ? /<Code>([^<]+)<\/Code>/.exec(String(content))?.[1] : undefined;
      requests.push({ method: req.method ?? '', path: resource, status, code });
      res.writeHead(status, { 'x-amz-request-id': randomBytes(8).toString('hex').toUpperCase(), ...headers });
      res.end(req.method === 'HEAD' ? undefined : content);
    };
    const fail = (status: number, code: string) =>
      reply(status, { 'Content-Type': 'application/xml' }, errorXml(code, messages[code] ?? code, resource));

    if (failures > 0) {
      failures -= 1;
      return fail(503, 'SlowDown');
    }
    const problem = authenticationProblem(req, body);
    if (problem) return fail(problem.status, problem.code);
    const [, bucket, ...keyParts] = resource.split('/');
    const key = keyParts.join('/');
    if (bucket !== FAKE_S3_BUCKET) return fail(404, 'NoSuchBucket');
    const query = new URL(req.url ?? '/', 'http://fake.local').searchParams;
    if (!key && req.method === 'GET' && query.get('list-type') === '2') {
      return reply(200, { 'Content-Type': 'application/xml' }, listBucketXml(objects, query, listPageSize));
    }
    if (!key) return fail(405, 'MethodNotAllowed');

    if (req.method === 'PUT') {
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(key, {
        body,
        contentType: req.headers['content-type'] ?? 'binary/octet-stream',
        cacheControl: req.headers['cache-control'],
        etag,
        lastModified: new Date(),
      });
      return reply(200, { ETag: etag, 'Content-Length': 0 });
    }
    if (req.method === 'GET' || req.method === 'HEAD') {
      const object = objects.get(key);
      if (!object) return fail(404, 'NoSuchKey');
      return reply(
        200,
        {
          'Content-Type': object.contentType,
          'Content-Length': object.body.byteLength,
          ETag: object.etag,
          'Last-Modified': object.lastModified.toUTCString(),
          ...(object.cacheControl ? { 'Cache-Control': object.cacheControl } : {}),
        },
        object.body,
      );
    }
    if (req.method === 'DELETE') {
      // S3 answers 204 whether or not the key existed.
      objects.delete(key);
      return reply(204, {});
    }
    return fail(405, 'MethodNotAllowed');
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    bucket: FAKE_S3_BUCKET,
    objects,
    requests,
    delayNext(ms, times = 1) {
      delay = { ms, times };
    },
    setListPageSize(size) {
      listPageSize = size;
    },
    failNext(times = 1) {
      failures = times;
    },
    env: (overrides = {}) => ({
      S3_ENDPOINT: url,
      S3_BUCKET: FAKE_S3_BUCKET,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: FAKE_S3_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: FAKE_S3_CREDENTIALS.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
      ...overrides,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
