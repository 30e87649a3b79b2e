import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '#shared/text-schema.ts';
import type { AppEnv } from './context.ts';
import { handleError } from './error-handler.ts';

/** An app whose one route throws `error`, answered by the one error handler. */
async function answerTo(error: Error) {
  const app = new Hono<AppEnv>().get('/', () => {
    throw error;
  });
  app.onError(handleError);
  const response = await app.request('/');
  return { status: response.status, body: (await response.json()) as { error: { code: string; message: string } } };
}

const pgError = (code: string) => Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code });

describe('error handler: text the database cannot store', () => {
  it.each(['22021', '22P05'])(
    'answers PostgreSQL %s with a 400, also when wrapped by the query builder',
    async (code) => {
      for (const error of [pgError(code), new Error('Failed query', { cause: pgError(code) })]) {
        expect(await answerTo(error)).toEqual({
          status: 400,
          body: { error: { code: 'BAD_REQUEST', message: TEXT_MESSAGES.unstorable } },
        });
      }
    },
  );

  it('keeps other database errors a 500 that hides internals', async () => {
    const { status, body } = await answerTo(pgError('23505'));
    expect(status).toBe(500);
    expect(body.error.code).toBe('INTERNAL');
  });
});
