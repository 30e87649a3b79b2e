import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for secrets we must be able to read back (a music service's OAuth tokens):
 * AES-256-GCM with a key derived from the auth secret by HKDF-SHA256 (its own `purpose`, so the
 * key is never the session-signing secret itself), a fresh 96-bit IV per value, and associated
 * data that ties each value to its row and field — a ciphertext copied to another user's row or
 * column does not decrypt. Format: `v1.<iv>.<ciphertext+tag>` in base64url.
 */
export interface SecretBox {
  seal(plaintext: string, context: string): string;
  /** Throws when the value was altered, moved or sealed with another key. */
  open(sealed: string, context: string): string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(secret: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'tourguides/secret-box', purpose, 32));
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, ivText, bodyText] = sealed.split('.');
      if (version !== VERSION || !ivText || !bodyText) throw new Error('not a sealed value');
      const iv = Buffer.from(ivText, 'base64url');
      const body = Buffer.from(bodyText, 'base64url');
      if (iv.length !== IV_BYTES || body.length < TAG_BYTES) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
