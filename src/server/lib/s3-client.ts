import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { AppError } from './app-error.ts';
import type { Logger } from './logger.ts';

/** A bucket on any S3-compatible service (AWS S3, MinIO, Cloudflare R2, …). From env.ts. */
export interface S3Config {
  /** e.g. https://s3.eu-west-1.amazonaws.com, http://127.0.0.1:9000, https://<account>.r2.cloudflarestorage.com */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** https://endpoint/bucket/key instead of https://bucket.endpoint/key (MinIO, most self-hosted stores). */
  forcePathStyle: boolean;
}

export interface S3Object {
  body: Uint8Array;
  contentType: string;
}

export interface S3Client {
  putObject(key: string, body: Uint8Array, headers: { contentType: string; cacheControl: string }): Promise<void>;
  /** null when the bucket has no such key. */
  getObject(key: string): Promise<S3Object | null>;
  /** Succeeds whether or not the key existed (as S3 does). */
  deleteObject(key: string): Promise<void>;
  /** One page (up to 1,000 keys) of ListObjectsV2 under `prefix`; the token asks for the next page. */
  listObjects(prefix: string, continuationToken: string | null): Promise<S3ListPage>;
}

export interface S3ListPage {
  objects: { key: string; lastModified: Date }[];
  nextContinuationToken: string | null;
}

const xmlText = (value: string) =>
  value
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The keys and times of a ListObjectsV2 answer (ListBucketResult), and its next page's token. */
export function parseS3ListPage(xml: string): S3ListPage {
  const field = (within: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(within)?.[1];
  const objects = [...xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)].flatMap(([, contents = '']) => {
    const key = field(contents, 'Key');
    const lastModified = new Date(field(contents, 'LastModified') ?? '');
    return key === undefined || Number.isNaN(lastModified.getTime()) ? [] : [{ key: xmlText(key), lastModified }];
  });
  const truncated = field(xml, 'IsTruncated') === 'true';
  const token = field(xml, 'NextContinuationToken');
  return { objects, nextContinuationToken: truncated && token ? xmlText(token) : null };
}

export interface S3ClientOptions {
  logger: Logger;
  /** Upper bound for one call, body included. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** What to check when S3 refuses, by its error code; logged with the failure. */
const hints: Record<string, string> = {
  SignatureDoesNotMatch: 'check S3_SECRET_ACCESS_KEY (and S3_REGION)',
  InvalidAccessKeyId: 'check S3_ACCESS_KEY_ID',
  AccessDenied:
    'the key needs s3:GetObject, s3:PutObject, s3:DeleteObject and s3:ListBucket (so a missing file is a 404, and orphaned photos are found) on the bucket',
  NoSuchBucket: 'check S3_BUCKET',
  PermanentRedirect: 'the bucket is in another region or needs another endpoint: check S3_REGION and S3_ENDPOINT',
  AuthorizationHeaderMalformed: 'check S3_REGION',
  RequestTimeTooSkewed: "this machine's clock is off by more than 15 minutes",
};

/** RFC 3986 encoding as S3 signs paths: everything but A-Z a-z 0-9 - _ . ~ is %XX. */
function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

const sha256Hex = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

export interface S3RequestInit {
  method: 'GET' | 'PUT' | 'DELETE';
  body?: Uint8Array;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The signing time as YYYYMMDDTHHMMSSZ; now unless given (tests use AWS's example time). */
  datetime?: string;
}

/**
 * A request signed with AWS Signature Version 4 (aws4fetch). The body's SHA-256 is signed too
 * (aws4fetch would send UNSIGNED-PAYLOAD), so S3 stores exactly these bytes or nothing.
 */
export function signS3Request(signer: AwsClient, url: URL, init: S3RequestInit): Promise<Request> {
  const { method, body, headers, signal, datetime } = init;
  return signer.sign(url, {
    method,
    headers: { ...headers, 'x-amz-content-sha256': sha256Hex(body ?? '') },
    body: body as Uint8Array<ArrayBuffer> | undefined,
    signal,
    redirect: 'manual',
    aws: { datetime },
  });
}

/** The object's URL: path style (endpoint/bucket/key) or virtual-hosted style (bucket.endpoint/key). */
export function objectUrl(config: Pick<S3Config, 'endpoint' | 'bucket' | 'forcePathStyle'>, key: string): URL {
  const url = new URL(config.endpoint);
  const basePath = url.pathname.replace(/\/+$/, '');
  const encodedKey = key.split('/').map(uriEncode).join('/');
  if (config.forcePathStyle) {
    url.pathname = `${basePath}/${uriEncode(config.bucket)}/${encodedKey}`;
  } else {
    url.hostname = `${config.bucket}.${url.hostname}`;
    url.pathname = `${basePath}/${encodedKey}`;
  }
  return url;
}

/** The <Code> and <Message> of an S3 XML error body (empty for HEAD answers and odd proxies). */
export function parseS3Error(xml: string): { code: string; message: string } {
  const field = (name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1] ?? '';
  return { code: field('Code'), message: field('Message') };
}

export function createS3Client(config: S3Config, options: S3ClientOptions): S3Client {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const log = options.logger.child({ component: 's3', bucket: config.bucket });
  // retries: 0 — a refusal is reported at once (the caller's request is waiting), not retried 10 times.
  const signer = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: 's3',
    retries: 0,
  });

  /** Logs what went wrong with enough detail to fix it; callers see one UNAVAILABLE AppError. */
  function failure(operation: string, key: string, detail: Record<string, unknown>, cause?: unknown): AppError {
    const code = typeof detail.code === 'string' ? detail.code : undefined;
    log.error({ operation, key, ...detail, hint: code ? hints[code] : undefined }, `S3 ${operation} failed`);
    return new AppError('UNAVAILABLE', 'File storage is unavailable. Please try again.', { cause: cause ?? detail });
  }

  /** One signed call; the timeout covers reading the body too. */
  async function call(
    method: 'GET' | 'PUT' | 'DELETE',
    key: string,
    init: { body?: Uint8Array; headers?: Record<string, string> },
    url = objectUrl(config, key),
  ) {
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(await signS3Request(signer, url, { method, ...init, signal }));
      return { response, body: new Uint8Array(await response.arrayBuffer()) };
    } catch (error) {
      const timedOut = signal.aborted;
      throw failure(
        method,
        key,
        timedOut
          ? { reason: `no answer within ${timeoutMs} ms` }
          : { reason: (error as Error).message, cause: String((error as Error).cause ?? '') },
        error,
      );
    }
  }

  function refused(method: string, key: string, status: number, body: Uint8Array): AppError {
    const { code, message } = parseS3Error(new TextDecoder().decode(body));
    return failure(method, key, { status, code: code || undefined, s3Message: message || undefined });
  }

  return {
    async putObject(key, body, { contentType, cacheControl }) {
      const { response, body: answer } = await call('PUT', key, {
        body,
        headers: { 'content-type': contentType, 'cache-control': cacheControl },
      });
      if (!response.ok) throw refused('PUT', key, response.status, answer);
    },
    async getObject(key) {
      const { response, body } = await call('GET', key, {});
      if (response.status === 200) {
        return { body, contentType: response.headers.get('content-type') ?? 'application/octet-stream' };
      }
      // A 404 for a missing bucket is a configuration error, not a missing file.
      if (response.status === 404 && parseS3Error(new TextDecoder().decode(body)).code === 'NoSuchKey') return null;
      throw refused('GET', key, response.status, body);
    },
    async deleteObject(key) {
      const { response, body } = await call('DELETE', key, {});
      if (!response.ok) throw refused('DELETE', key, response.status, body);
    },
    async listObjects(prefix, continuationToken) {
      const url = objectUrl(config, '');
      url.searchParams.set('list-type', '2');
      url.searchParams.set('prefix', prefix);
      if (continuationToken) url.searchParams.set('continuation-token', continuationToken);
      const { response, body } = await call('GET', prefix, {}, url);
      if (!response.ok) throw refused('LIST', prefix, response.status, body);
      return parseS3ListPage(new TextDecoder().decode(body));
    },
  };
}
