import { describe, expect, it } from 'vitest';
import { sha256Hex, signRequest } from './sigv4.ts';

/** The example credentials and signatures AWS publishes for S3 ("Signature Calculations … Examples"). */
const s3Example = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  service: 's3',
};
const exampleDate = new Date('2013-05-24T00:00:00Z');
const emptyHash = sha256Hex('');

const signatureOf = (headers: Record<string, string>) => /Signature=([0-9a-f]{64})$/.exec(headers.authorization!)?.[1];

describe('signRequest (AWS Signature Version 4)', () => {
  it("matches AWS's S3 GET Object example", () => {
    const headers = signRequest(
      {
        method: 'GET',
        url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
        headers: { Range: 'bytes=0-9', 'x-amz-content-sha256': emptyHash },
        payloadHash: emptyHash,
      },
      s3Example,
      exampleDate,
    );
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
    expect(headers['x-amz-date']).toBe('20130524T000000Z');
    expect(headers).not.toHaveProperty('host');
  });

  it("matches AWS's S3 PUT Object example (a key with a character to encode, a signed body hash)", () => {
    const body = 'Welcome to Amazon S3.';
    const payloadHash = sha256Hex(body);
    expect(payloadHash).toBe('44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072');
    const headers = signRequest(
      {
        method: 'PUT',
        url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
        headers: {
          Date: 'Fri, 24 May 2013 00:00:00 GMT',
          'x-amz-storage-class': 'REDUCED_REDUNDANCY',
          'x-amz-content-sha256': payloadHash,
        },
        payloadHash,
      },
      s3Example,
      exampleDate,
    );
    expect(signatureOf(headers)).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it("matches AWS's S3 examples with query strings (GET Bucket Lifecycle, List Objects)", () => {
    const sign = (url: string) =>
      signatureOf(
        signRequest(
          { method: 'GET', url: new URL(url), headers: { 'x-amz-content-sha256': emptyHash }, payloadHash: emptyHash },
          s3Example,
          exampleDate,
        ),
      );
    expect(sign('https://examplebucket.s3.amazonaws.com/?lifecycle')).toBe(
      'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    );
    expect(sign('https://examplebucket.s3.amazonaws.com/?prefix=J&max-keys=2')).toBe(
      '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7',
    );
  });

  it("matches the SigV4 test suite's get-vanilla case (another service, another secret)", () => {
    const headers = signRequest(
      { method: 'GET', url: new URL('https://example.amazonaws.com/'), headers: {}, payloadHash: emptyHash },
      {
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
        service: 'service',
      },
      new Date('2015-08-30T12:36:00Z'),
    );
    expect(signatureOf(headers)).toBe('5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31');
  });
});
