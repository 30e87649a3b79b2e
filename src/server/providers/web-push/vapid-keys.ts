import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
import type { Env } from '#server/env.ts';

const KEYS_FILE = 'vapid-keys.json';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: — whom push services may contact about our pushes. */
  subject: string;
}

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; otherwise a pair generated on first start and kept
 * in DATA_DIR (mode 0600). The pair must never change under subscribed devices: their subscriptions
 * are bound to the public key, so a new pair would silence every device until it subscribes again.
 */
export function resolveVapidKeys(
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'MAIL_FROM' | 'publicUrl' | 'dataDir'>,
): VapidKeys {
  const subject = env.VAPID_SUBJECT ?? defaultSubject(env);
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const file = path.join(env.dataDir, KEYS_FILE);
  fs.mkdirSync(env.dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together agree on one pair.
    fs.writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}

/** The sender's address from MAIL_FROM ('TourGuides <no-reply@…>'), else the public site when it is https. */
function defaultSubject(env: Pick<Env, 'MAIL_FROM' | 'publicUrl'>): string {
  const address = /<([^>]+@[^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? (env.MAIL_FROM.includes('@') ? env.MAIL_FROM : null);
  if (address) return `mailto:${address.trim()}`;
  return env.publicUrl.startsWith('https://') ? env.publicUrl : 'mailto:no-reply@tourguides.local';
}
