import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Env } from '#server/env.ts';
import type { Logger } from './logger.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link a local user needs to finish the flow; logged when mail goes to the outbox. */
  link?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Where mails land when no SMTP server is configured: `DATA_DIR/outbox/*.eml`. */
export function outboxDir(env: Pick<Env, 'dataDir'>): string {
  return path.join(env.dataDir, 'outbox');
}

/**
 * SMTP when `SMTP_URL` is set; otherwise `.eml` files in the outbox, and locally the link in the
 * log. In production the log never holds a link, code or address (logs are shipped and kept):
 * only the file's path, at debug level.
 */
export function createMailer(env: Env, logger: Logger): Mailer {
  if (env.SMTP_URL) return smtpMailer(nodemailer.createTransport(env.SMTP_URL), env.MAIL_FROM);
  const production = env.NODE_ENV === 'production';
  if (production) logger.warn({ outbox: outboxDir(env) }, 'SMTP_URL is not set: mails are written to the outbox only');
  return outboxMailer(outboxDir(env), env.MAIL_FROM, logger, production);
}

function smtpMailer(transport: Transporter, from: string): Mailer {
  return {
    send: async ({ to, subject, text, html }) => {
      await transport.sendMail({ from, to, subject, text, html });
    },
  };
}

function outboxMailer(dir: string, from: string, logger: Logger, production: boolean): Mailer {
  // nodemailer's stream transport builds the same MIME message SMTP would send.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    send: async ({ to, subject, text, html, link }) => {
      const info = await transport.sendMail({ from, to, subject, text, html });
      await fs.mkdir(dir, { recursive: true });
      // A sortable, unique name: tests and people find the newest mail first.
      const file = path.join(dir, `${Date.now()}-${randomUUID()}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      if (production) logger.debug({ file }, 'mail written to the outbox (no SMTP_URL set)');
      else logger.info({ to, subject, file, link }, 'mail written to the outbox (no SMTP_URL set)');
    },
  };
}
