import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '#server/db/client.ts';
import type { EventTransport } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';

/** Reconnect delays for a lost listening connection: from this, doubling, up to the maximum. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 30_000;
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * The events' way between server processes: NOTIFY to send, LISTEN to receive. PostgreSQL: one
 * dedicated connection per process (a pooled one would be handed to other queries and lose its
 * LISTEN). PGlite: the embedded database's own listen (one process only).
 */
export function createDatabaseTransport(database: Database, logger: Logger): EventTransport {
  const log = logger.child({ component: 'event-listener' });
  if (database.pglite) return pgliteTransport(database.pglite);
  if (!database.pool) throw new Error('The event transport needs PostgreSQL or PGlite');
  return postgresTransport(database.pool, log);
}

function checkChannels(channels: string[]): void {
  for (const channel of channels) if (!CHANNEL_NAME.test(channel)) throw new Error(`Bad channel name ${channel}`);
}

function pgliteTransport(pglite: PGlite): EventTransport {
  const stops: (() => Promise<void>)[] = [];
  return {
    async listen(channels, onMessage) {
      checkChannels(channels);
      for (const channel of channels) {
        stops.push(await pglite.listen(channel, (payload) => onMessage(channel, payload)));
      }
    },
    async notify(channel, payload) {
      await pglite.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      for (const stop of stops.splice(0)) await stop().catch(() => {});
    },
  };
}

function postgresTransport(pool: pg.Pool, log: Logger): EventTransport {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  async function connect(channels: string[], onMessage: (channel: string, payload: string) => void) {
    const next = new pg.Client({
      ...pool.options,
      application_name: 'tourguides-events',
      // A silently dead peer (a dropped network path) is noticed instead of listening for ever.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    next.on('notification', (message) => onMessage(message.channel, message.payload ?? ''));
    // Until `watch` takes over, an error only fails this attempt (an unheard one would crash).
    next.on('error', () => {});
    try {
      await next.connect();
      for (const channel of channels) await next.query(`listen ${channel}`);
      return next;
    } catch (error) {
      await next.end().catch(() => {});
      throw error;
    }
  }

  return {
    async listen(channels, onMessage, onResumed) {
      checkChannels(channels);
      const watch = (current: pg.Client) => {
        let lost = false;
        const onLost = (error?: Error) => {
          if (lost || closed) return;
          lost = true;
          client = null;
          current.end().catch(() => {});
          log.warn({ err: error?.message, retryMs }, 'lost the listening connection to PostgreSQL: reconnecting');
          scheduleReconnect();
        };
        current.on('error', onLost);
        current.on('end', () => onLost());
      };
      const scheduleReconnect = () => {
        retryTimer = setTimeout(async () => {
          if (closed) return;
          try {
            const next = await connect(channels, onMessage);
            if (closed) {
              await next.end();
              return;
            }
            client = next;
            watch(next);
            retryMs = FIRST_RETRY_MS;
            log.info('listening to PostgreSQL again');
            onResumed();
          } catch (error) {
            retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
            log.warn({ err: (error as Error).message, retryMs }, 'could not listen to PostgreSQL: retrying');
            scheduleReconnect();
          }
        }, retryMs);
      };
      // The first connection must succeed: a server that cannot listen should not start.
      client = await connect(channels, onMessage);
      watch(client);
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    },
  };
}
