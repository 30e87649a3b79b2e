import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '#server/env.ts';
import { createMailer } from './mailer.ts';

/** Issue 18: without SMTP, reset links and sign-in codes must never reach a production log. */
function capturingLogger(level = 'trace') {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ level }, sink), text: () => lines.join('') };
}

const SECRET_LINK = 'http://localhost:3000/auth/reset-password?token=very-secret-token';
const mail = { to: 'fan@example.com', subject: 'reset', text: SECRET_LINK, html: SECRET_LINK, link: SECRET_LINK };

describe('the outbox mailer (no SMTP_URL)', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tourguides-mailer-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('logs the link locally, so every flow works without a mail server', async () => {
    const { logger, text } = capturingLogger('info');
    await createMailer(parseEnv({ NODE_ENV: 'development', DATA_DIR: dataDir() }), logger).send(mail);
    expect(text()).toContain('very-secret-token');
  });

  it('never logs the link, the code or the address in production, only the file at debug level', async () => {
    const dir = dataDir();
    const env = parseEnv({ NODE_ENV: 'production', DATA_DIR: dir, AUTH_SECRET: 'x'.repeat(40) });
    const { logger, text } = capturingLogger('trace');
    await createMailer(env, logger).send(mail);
    expect(text()).not.toContain('very-secret-token');
    expect(text()).not.toContain('fan@example.com');
    const files = fs.readdirSync(path.join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    const written = text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { level: number; file?: string });
    const fileLine = written.find((line) => line.file);
    expect(fileLine?.file).toContain(files[0]);
    expect(fileLine?.level).toBe(20);
  });
});
