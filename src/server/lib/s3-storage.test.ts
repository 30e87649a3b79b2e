import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '#server/env.ts';
import { type FakeS3, startFakeS3 } from '#tests/fakes/s3.ts';
import { AppError } from './app-error.ts';
import { createS3Client, objectUrl } from './s3-client.ts';
import { createS3Storage, createStorage, IMMUTABLE_CACHE_CONTROL } from './storage.ts';

/** A logger whose lines the test can read. */
function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

const bytes = (text: string) => new TextEncoder().encode(text);

describe('S3 storage against a signature-checking fake bucket', () => {
  let fake: FakeS3;
  beforeAll(async () => {
    fake = await startFakeS3();
  });
  afterAll(() => fake?.close());
  beforeEach(() => {
    fake.objects.clear();
    fake.requests.length = 0;
  });

  const storageFor = (overrides: Record<string, string> = {}, timeoutMs?: number) => {
    const { logger, lines } = recordingLogger();
    const env = parseEnv({ ...fake.env(overrides), LOG_LEVEL: 'silent' });
    const storage = createS3Storage(createS3Client(env.s3!, { logger, timeoutMs }));
    return { storage, lines };
  };

  it('stores a file with its content type and an immutable cache header, and reads it back', async () => {
    const { storage } = storageFor();
    const body = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 1, 2, 255]);
    await storage.put('artist-images/0123abcd.webp', body, 'image/webp');

    const stored = fake.objects.get('artist-images/0123abcd.webp');
    expect(stored).toMatchObject({ contentType: 'image/webp', cacheControl: IMMUTABLE_CACHE_CONTROL });
    expect(new Uint8Array(stored!.body)).toEqual(body);
    expect(fake.requests).toEqual([
      { method: 'PUT', path: `/${fake.bucket}/artist-images/0123abcd.webp`, status: 200, code: undefined },
    ]);

    const file = await storage.get('artist-images/0123abcd.webp');
    expect(file).toEqual({ body, contentType: 'image/webp' });
    expect(storage.publicUrl('artist-images/0123abcd.webp')).toBe('/files/artist-images/0123abcd.webp');
  });

  it('answers null for a key the bucket does not have (404 NoSuchKey)', async () => {
    const { storage, lines } = storageFor();
    expect(await storage.get('artist-images/missing.webp')).toBeNull();
    expect(fake.requests).toEqual([
      { method: 'GET', path: `/${fake.bucket}/artist-images/missing.webp`, status: 404, code: 'NoSuchKey' },
    ]);
    expect(lines).toEqual([]);
  });

  it('lists the keys under a folder page by page (ListObjectsV2), with their times', async () => {
    const { storage } = storageFor();
    fake.setListPageSize(2);
    try {
      const keys = ['show-photos/u1/a.webp', 'show-photos/u1/b.webp', 'show-photos/u2/c.webp', 'show-photos/u2/d.webp'];
      for (const key of [...keys, 'show-photosx/e.webp', 'artist-images/f.webp']) {
        await storage.put(key, bytes(key), 'image/webp');
      }
      const listed = [];
      for await (const file of storage.list('show-photos/')) listed.push(file);
      expect(listed.map((file) => file.key)).toEqual(keys);
      for (const file of listed) expect(Math.abs(file.lastModified.getTime() - Date.now())).toBeLessThan(60_000);
      expect(fake.requests.filter((request) => request.method === 'GET')).toHaveLength(2);
      expect(() => storage.list('../')).toThrow(/Unsafe/);
    } finally {
      fake.setListPageSize(1000);
    }
  });

  it('never sends unsafe keys: get answers null, put refuses', async () => {
    const { storage } = storageFor();
    expect(await storage.get('../secrets')).toBeNull();
    await expect(storage.put('a/../../b', bytes('x'), 'text/plain')).rejects.toThrow('Unsafe storage key');
    expect(fake.requests).toEqual([]);
  });

  it('turns a wrong secret into an UNAVAILABLE error and a log line that says what to check', async () => {
    const { storage, lines } = storageFor({ S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    const attempt = storage.put('artist-images/abc.webp', bytes('data'), 'image/webp');
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: 'UNAVAILABLE', message: expect.stringContaining('storage') });
    expect(fake.objects.size).toBe(0);
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        msg: 'S3 PUT failed',
        operation: 'PUT',
        key: 'artist-images/abc.webp',
        status: 403,
        code: 'SignatureDoesNotMatch',
        hint: expect.stringContaining('S3_SECRET_ACCESS_KEY'),
      }),
    ]);
    // A read with the wrong secret is an error too, not a missing file.
    await expect(storage.get('artist-images/abc.webp')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('names an unknown access key and a missing bucket (a 404 that is not a missing file)', async () => {
    const wrongKey = storageFor({ S3_ACCESS_KEY_ID: 'AKIDUNKNOWN' });
    await expect(wrongKey.storage.get('artist-images/abc.webp')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(wrongKey.lines[0]).toMatchObject({ code: 'InvalidAccessKeyId', hint: 'check S3_ACCESS_KEY_ID' });

    const wrongBucket = storageFor({ S3_BUCKET: 'no-such-bucket' });
    await expect(wrongBucket.storage.get('artist-images/abc.webp')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(wrongBucket.lines[0]).toMatchObject({ status: 404, code: 'NoSuchBucket', hint: 'check S3_BUCKET' });
  });

  it('gives up on a bucket that does not answer in time', async () => {
    const { storage, lines } = storageFor({}, 200);
    fake.delayNext(1_500);
    const started = Date.now();
    await expect(storage.get('artist-images/slow.webp')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(Date.now() - started).toBeLessThan(1_200);
    expect(lines[0]).toMatchObject({ operation: 'GET', reason: 'no answer within 200 ms' });
  });

  it('reports a bucket nobody listens on', async () => {
    const { storage, lines } = storageFor({ S3_ENDPOINT: 'http://127.0.0.1:9' });
    await expect(storage.get('artist-images/x.webp')).rejects.toMatchObject({ code: 'UNAVAILABLE' });
    expect(lines[0]).toMatchObject({ operation: 'GET', reason: 'fetch failed' });
  });
});

describe('S3 object URLs', () => {
  const config = { endpoint: 'https://s3.eu-west-1.amazonaws.com', bucket: 'my-bucket', forcePathStyle: false };

  it('uses virtual-hosted style by default and path style when forced', () => {
    expect(objectUrl(config, 'artist-images/a.webp').href).toBe(
      'https://my-bucket.s3.eu-west-1.amazonaws.com/artist-images/a.webp',
    );
    expect(objectUrl({ ...config, forcePathStyle: true }, 'artist-images/a.webp').href).toBe(
      'https://s3.eu-west-1.amazonaws.com/my-bucket/artist-images/a.webp',
    );
  });

  it('keeps a path on the endpoint and encodes each key segment', () => {
    const url = objectUrl({ endpoint: 'http://127.0.0.1:9000/storage/', bucket: 'b', forcePathStyle: true }, 'x/a b+c');
    expect(url.href).toBe('http://127.0.0.1:9000/storage/b/x/a%20b%2Bc');
  });
});

describe('S3 configuration (env)', () => {
  const full = {
    S3_ENDPOINT: 'https://example.r2.cloudflarestorage.com',
    S3_BUCKET: 'tourguides-files',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('is off without S3 variables: files stay under DATA_DIR/files', () => {
    const env = parseEnv({ LOG_LEVEL: 'silent' });
    expect(env.s3).toBeNull();
    const storage = createStorage(env, pino({ level: 'silent' }));
    expect(storage.publicUrl('artist-images/a.webp')).toBe('/files/artist-images/a.webp');
  });

  it('reads a full configuration with region us-east-1 and virtual-hosted style by default', () => {
    expect(parseEnv(full).s3).toEqual({
      endpoint: 'https://example.r2.cloudflarestorage.com',
      bucket: 'tourguides-files',
      region: 'us-east-1',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
      forcePathStyle: false,
    });
    expect(parseEnv({ ...full, S3_REGION: 'auto', S3_FORCE_PATH_STYLE: 'true' }).s3).toMatchObject({
      region: 'auto',
      forcePathStyle: true,
    });
  });

  it('refuses a partial configuration, naming every missing variable', () => {
    const attempt = () => parseEnv({ S3_BUCKET: 'tourguides-files', S3_REGION: 'eu-west-1' });
    expect(attempt).toThrow(EnvError);
    expect(attempt).toThrow(/S3_ENDPOINT: is required with S3_BUCKET, S3_REGION/);
    expect(attempt).toThrow(/S3_ACCESS_KEY_ID: is required/);
    expect(attempt).toThrow(/S3_SECRET_ACCESS_KEY: is required/);
    expect(() => parseEnv({ S3_FORCE_PATH_STYLE: '1' })).toThrow(/S3_BUCKET: is required/);
  });

  it('names a bad endpoint, bucket or flag and never prints the secret', () => {
    const attempt = () =>
      parseEnv({ ...full, S3_ENDPOINT: 'ftp://files', S3_BUCKET: 'Bad_Bucket', S3_FORCE_PATH_STYLE: 'yes' });
    expect(attempt).toThrow(/S3_ENDPOINT: must be an http\(s\) URL/);
    expect(attempt).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(attempt).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(attempt).not.toThrow(/secret/);
  });
});
