import type { AppDeps } from '#server/lib/context.ts';
import type { UserEventMessage } from '#server/lib/event-bus.ts';
import { isSessionOpen, selectUserEventsForReplay } from './user-events.repo.ts';

/** Proxies close idle connections; a comment line every so often keeps the stream open. */
export const KEEP_ALIVE_MS = 25_000;
/** A client reconnecting after a long absence gets at most this many missed events (the newest). */
export const REPLAY_LIMIT = 100;
/**
 * A client that stops reading (a frozen tab behind a full socket) is dropped after this many
 * unsent chunks rather than buffered without end; it replays what it missed when it comes back.
 */
const MAX_QUEUED_CHUNKS = 1_000;
/**
 * Sent to a stream closed because its user opened too many: the browser then waits an hour
 * before reconnecting on its own, instead of evicting another tab's stream in turn.
 */
export const EVICTED_MESSAGE = 'event: stream-closed\ndata: {"reason":"too-many-streams"}\nretry: 3600000\n\n';
const KEEP_ALIVE_MESSAGE = ': keep-alive\n\n';
/**
 * A stream ends after about this long (never after its session expires); the browser reconnects
 * at once with Last-Event-ID and misses nothing. The session is checked again on reconnect, so a
 * session that expires meanwhile stops getting events within this time. One that ends earlier
 * (sign-out, revocation, reset, deletion) is announced on the bus and closes at once.
 */
export const STREAM_LIFETIME_MS = 30 * 60 * 1000;

/** ±20 %: streams opened together (after a deploy) do not all reconnect together. */
export function streamLifetimeMs(sessionExpiresAt: Date, now = Date.now()): number {
  const jittered = STREAM_LIFETIME_MS * (0.8 + Math.random() * 0.4);
  return Math.max(0, Math.min(jittered, sessionExpiresAt.getTime() - now));
}

const encoder = new TextEncoder();

function formatEvent(message: UserEventMessage): string {
  return `id: ${message.id}\nevent: ${message.event.type}\ndata: ${JSON.stringify(message.event)}\n\n`;
}

/**
 * One signed-in client's stream, as the body of the response, until the client disconnects, is
 * evicted or the server stops. A plain ReadableStream fed by the bus: with thousands of streams
 * open, each costs one stream object and a closure, not a chain of web streams.
 *
 * It subscribes before reading the missed events and buffers what arrives meanwhile, so nothing
 * falls between replay and live delivery; the buffer then skips what the replay already sent.
 * The replay can also read an event whose notification reaches this process only afterwards
 * (the listener is another connection): live delivery skips the replayed ids until the first
 * event the replay did not hold, since PostgreSQL delivers notifications in commit order.
 */
export function openUserStream(
  deps: Pick<AppDeps, 'database' | 'events' | 'logger'>,
  userId: string,
  lastEventId: number | null,
  lifetimeMs: number,
  /** The session the stream was opened with: the stream ends when it does. */
  sessionId?: string,
): ReadableStream<Uint8Array> {
  let open = true;
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let buffered: UserEventMessage[] | null = lastEventId === null ? null : [];
      let replayedIds: Set<number> | null = null;
      const end = () => {
        if (!open) return;
        open = false;
        cleanup();
        controller.close();
      };
      const write = (text: string) => {
        if (!open) return;
        if ((controller.desiredSize ?? 0) < -MAX_QUEUED_CHUNKS) return end();
        controller.enqueue(encoder.encode(text));
      };
      const send = (message: UserEventMessage) => write(formatEvent(message));
      const sendLive = (message: UserEventMessage) => {
        if (replayedIds?.has(message.id)) return;
        // Every replayed event's notification came before this one's: nothing more to skip.
        replayedIds = null;
        send(message);
      };

      const unsubscribe = deps.events.subscribeUser(userId, {
        deliver(message) {
          if (buffered) buffered.push(message);
          else sendLive(message);
        },
        evict() {
          write(EVICTED_MESSAGE);
          end();
        },
        sessionsEnded() {
          if (!sessionId || !open) return;
          isSessionOpen(deps.database.db, sessionId).then(
            (stillOpen) => {
              // The browser reconnects, is refused (401) and stops.
              if (!stillOpen) end();
            },
            (error: unknown) => deps.logger.error({ err: error, userId }, 'could not check a stream’s session'),
          );
        },
      });
      const stopListeningForClose = deps.events.onClose(end);
      const heartbeat = setInterval(() => write(KEEP_ALIVE_MESSAGE), KEEP_ALIVE_MS);
      const expiry = setTimeout(end, lifetimeMs);
      cleanup = () => {
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe();
        stopListeningForClose();
      };

      if (lastEventId === null) {
        // An id line without data sets the browser's Last-Event-ID without dispatching anything:
        // should this stream drop before its first event, the reconnect still replays what it missed.
        write(`id: ${deps.events.latestUserEventId()}\n\n`);
        return;
      }
      selectUserEventsForReplay(deps.database.db, userId, lastEventId, REPLAY_LIMIT).then(
        (replayed) => {
          for (const message of replayed) send(message);
          replayedIds = new Set(replayed.map((message) => message.id));
          // Synchronous from the query's answer on: nothing can join the buffer while it is emptied.
          for (const message of buffered ?? []) if (message.id > lastEventId) sendLive(message);
          buffered = null;
        },
        (error: unknown) => {
          // The client reconnects (with its Last-Event-ID) and gets the replay then.
          deps.logger.error({ err: error, userId }, 'could not replay user events');
          end();
        },
      );
    },
    cancel() {
      // The client went away.
      open = false;
      cleanup();
    },
  });
}
