import type { Database } from '#server/db/client.ts';
import { createEventBus, type EventBus } from '#server/lib/event-bus.ts';
import type { Logger } from '#server/lib/logger.ts';
import { createDatabaseTransport } from './database-transport.ts';
import {
  PUBLIC_EVENTS_CHANNEL,
  SESSIONS_ENDED_CHANNEL,
  selectLatestUserEventId,
  selectUserEventsAfter,
  USER_EVENTS_CHANNEL,
} from './user-events.repo.ts';

/** Events missed while the listener was away are sent up to this many; older ones wait for a reconnect. */
const CATCH_UP_LIMIT = 10_000;
const CATCH_UP_PAGE = 1_000;

/** The server's event bus: LISTEN/NOTIFY on this database (ADR 0007). */
export function createRealtimeEventBus(database: Database, logger: Logger): EventBus {
  return createEventBus({
    transport: createDatabaseTransport(database, logger),
    logger,
    userChannel: USER_EVENTS_CHANNEL,
    publicChannel: PUBLIC_EVENTS_CHANNEL,
    sessionChannel: SESSIONS_ENDED_CHANNEL,
    latestUserEventId: () => selectLatestUserEventId(database.db),
    async userEventsAfter(afterId) {
      const missed = [];
      let after = afterId;
      while (missed.length < CATCH_UP_LIMIT) {
        const page = await selectUserEventsAfter(database.db, after, CATCH_UP_PAGE);
        missed.push(...page);
        if (page.length < CATCH_UP_PAGE) break;
        after = page.at(-1)!.id;
      }
      return missed;
    },
  });
}
