import { AwsClient } from 'aws4fetch';
import { describe, expect, it } from 'vitest';
import { objectUrl, signS3Request } from './s3-client.ts';

/**
 * Our use of aws4fetch (the body hash we sign, the key encoding of objectUrl) checked against the
 * example signatures AWS publishes for S3 ("Signature Calculations … Examples").
 */
const signer = new AwsClient({
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 's3',
  retries: 0,
});
const datetime = '20130524T000000Z';
const bucket = { endpoint: 'https://s3.amazonaws.com', bucket: 'examplebucket', forcePathStyle: false };

const signatureOf = (request: Request) =>
  /Signature=([0-9a-f]{64})$/.exec(request.headers.get('authorization') ?? '')?.[1];

describe('signS3Request (AWS Signature Version 4 through aws4fetch)', () => {
  it("matches AWS's S3 PUT Object example (a key with a character to encode, a signed body hash)", async () => {
    const url = objectUrl(bucket, 'test$file.text');
    expect(url.href).toBe('https://examplebucket.s3.amazonaws.com/test%24file.text');
    const request = await signS3Request(signer, url, {
      method: 'PUT',
      body: new TextEncoder().encode('Welcome to Amazon S3.'),
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      datetime,
    });
    expect(request.headers.get('x-amz-content-sha256')).toBe(
      '44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072',
    );
    expect(request.headers.get('x-amz-date')).toBe(datetime);
    expect(request.headers.get('authorization')).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE\/20130524\/us-east-1\/s3\/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, /,
    );
    expect(signatureOf(request)).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it("matches AWS's S3 examples with query strings (GET Bucket Lifecycle, List Objects)", async () => {
    const sign = async (url: string) =>
      signatureOf(await signS3Request(signer, new URL(url), { method: 'GET', datetime }));
    expect(await sign('https://examplebucket.s3.amazonaws.com/?lifecycle')).toBe(
      'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    );
    expect(await sign('https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2')).toBe(
      '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });

  it('signs the hash of an empty body for a GET and sends no redirect-following request', async () => {
    const request = await signS3Request(signer, objectUrl(bucket, 'artists/a b.webp'), { method: 'GET', datetime });
    expect(request.url).toBe('https://examplebucket.s3.amazonaws.com/artists/a%20b.webp');
    expect(request.headers.get('x-amz-content-sha256')).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    expect(request.redirect).toBe('manual');
  });
});
