import type { PublicEvent } from '#shared/events.ts';
import { MAX_STREAMS_PER_USER, type UserEvent } from '#shared/notifications.ts';
import type { Logger } from './logger.ts';

/**
 * A sync changed an artist's tour dates (new, moved or cancelled stops, recorded in
 * tour_stop_changes). Server-side only: features/sync announces it, features/notifications
 * turns it into its job, and no browser stream passes it on (they filter by their own types).
 */
export interface TourDatesChangedEvent {
  type: 'tour-dates-changed';
  artistId: string;
  changes: { new: number; moved: number; cancelled: number };
}

/**
 * A fan created a trip or changed its place, radius or dates (features/trips announces it after
 * commit); the trip search (gap-fill from the tour-date provider) schedules its job from it.
 */
export interface TripSavedEvent {
  type: 'trip-saved';
  tripId: string;
  userId: string;
}

/**
 * A guide part was fetched, or its fetch failed (features/guides): open guide pages waiting for it
 * reload their guide. Server-side; the guide's own stream passes it on to that page.
 */
export interface GuidePartReadyEvent {
  type: 'guide-part-ready';
  kind: 'around' | 'city' | 'forecast' | 'typical' | 'story' | 'venue' | 'geocode';
  key: string;
}

/**
 * A catalog writer committed (artists, tours, stops, images): every process drops the answers it
 * keeps in memory from the catalog (features/catalog/catalog-changes.ts). Server-side only.
 */
export interface CatalogChangedEvent {
  type: 'catalog-changed';
}

/**
 * What travels on the bus's public channel: browser events (a card waiting for an artist image
 * is shown to visitors too) and the server's own announcements between features.
 */
export type AppEvent = PublicEvent | TourDatesChangedEvent | TripSavedEvent | GuidePartReadyEvent | CatalogChangedEvent;

export type EventFilter = (event: AppEvent) => boolean;
export type EventHandler<E extends AppEvent = AppEvent> = (event: E) => void;

/** One stored user event as every process hears it: `id` is user_events.id, the SSE event id. */
export interface UserEventMessage {
  id: number;
  userId: string;
  event: UserEvent;
}

/** One open stream of a user, as the bus sees it. */
export interface UserStreamSubscriber {
  deliver(message: UserEventMessage): void;
  /** The user opened one stream too many in this process and this one is the oldest: end it. */
  evict(): void;
  /** Some session of the user ended (anywhere): end this stream if its own session is gone. */
  sessionsEnded?(): void;
}

/**
 * Publish/subscribe across server processes. Messages travel through the database (PostgreSQL
 * LISTEN/NOTIFY, or PGlite's in-process equivalent), so a publisher never assumes one process:
 * even a subscriber in the publishing process hears an event only once the database has it.
 */
export interface EventBus {
  /** Announces a public event to every server process. Resolves once the database has taken it. */
  publish(event: AppEvent): Promise<void>;
  /** Events the filter lets through; a type-guard filter narrows the handler's event. Returns the unsubscribe function. */
  subscribe<E extends AppEvent>(filter: (event: AppEvent) => event is E, handler: EventHandler<E>): () => void;
  subscribe(filter: EventFilter, handler: EventHandler): () => void;
  /**
   * One user's events (written by appendUserEvents). At most `maxStreamsPerUser` per user in this
   * process: the oldest is evicted. Returns the unsubscribe function.
   */
  subscribeUser(userId: string, subscriber: UserStreamSubscriber): () => void;
  /**
   * The highest user event id this process has heard of (from the database at start, then from
   * every notification): a new stream's resume point, so its first reconnect replays what it missed.
   */
  latestUserEventId(): number;
  /**
   * Tells every process that sessions of this user ended (sign-out, revocation, reset, deletion),
   * so each re-checks the sessions of that user's open streams. Resolves once the database has it.
   */
  announceSessionsEnded(userId: string): Promise<void>;
  /** Called once when the server shuts down, so long-lived streams end and let it stop. */
  onClose(handler: () => void): () => void;
  /** Starts listening on the database. */
  start(): Promise<void>;
  /** Ends every stream now; resolves when the database listener is released. Idempotent. */
  close(): Promise<void>;
}

/** How messages reach every process: implemented on the database (features/realtime). */
export interface EventTransport {
  /**
   * Listens on `channels`, calling `onMessage` for each notification. `onResumed` is called after
   * a lost listening connection is back: notifications sent meanwhile were missed.
   */
  listen(
    channels: string[],
    onMessage: (channel: string, payload: string) => void,
    onResumed: () => void,
  ): Promise<void>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface EventBusOptions {
  transport: EventTransport;
  logger: Logger;
  userChannel: string;
  publicChannel: string;
  /** Carries `{userId}` when sessions of that user ended. */
  sessionChannel: string;
  /** Users' events stored after `afterId` (oldest first): what a resumed listener missed. */
  userEventsAfter(afterId: number): Promise<UserEventMessage[]>;
  /** The newest stored user event's id (0 when none): where a resumed listener starts looking. */
  latestUserEventId(): Promise<number>;
  maxStreamsPerUser?: number;
}

/** The NOTIFY payload of appendUserEvents: `{id, userId, type, payload}`. */
export function parseUserEventMessage(text: string): UserEventMessage | null {
  try {
    const value = JSON.parse(text) as { id?: unknown; userId?: unknown; payload?: unknown };
    if (typeof value.id !== 'number' || typeof value.userId !== 'string') return null;
    const event = value.payload as UserEvent | null;
    if (typeof event !== 'object' || event === null || typeof event.type !== 'string') return null;
    return { id: value.id, userId: value.userId, event };
  } catch {
    return null;
  }
}

function parseSessionsEnded(text: string): string | null {
  try {
    const value = JSON.parse(text) as { userId?: unknown };
    return typeof value.userId === 'string' ? value.userId : null;
  } catch {
    return null;
  }
}

function parsePublicEvent(text: string): AppEvent | null {
  try {
    const value = JSON.parse(text) as AppEvent;
    return typeof value === 'object' && value !== null && typeof value.type === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function createEventBus(options: EventBusOptions): EventBus {
  const { transport, logger, userChannel, publicChannel, sessionChannel } = options;
  const maxStreamsPerUser = options.maxStreamsPerUser ?? MAX_STREAMS_PER_USER;
  const log = logger.child({ component: 'event-bus' });
  const publicSubscribers = new Set<{ filter: EventFilter; handler: EventHandler }>();
  // userId → that user's streams in this process, oldest first (a Set keeps insertion order):
  // an event costs one lookup whatever the number of streams open.
  const userStreams = new Map<string, Set<UserStreamSubscriber>>();
  const closeHandlers = new Set<() => void>();
  /** The highest user event id heard: where to resume after a lost listener connection. */
  let highestUserEventId = 0;
  let closing: Promise<void> | null = null;

  function dispatchUser(message: UserEventMessage): void {
    if (message.id > highestUserEventId) highestUserEventId = message.id;
    const streams = userStreams.get(message.userId);
    if (!streams) return;
    for (const stream of streams) stream.deliver(message);
  }

  function dispatchPublic(event: AppEvent): void {
    for (const { filter, handler } of publicSubscribers) if (filter(event)) handler(event);
  }

  function onMessage(channel: string, payload: string): void {
    if (channel === userChannel) {
      const message = parseUserEventMessage(payload);
      if (message) dispatchUser(message);
      else log.warn({ channel }, 'malformed user event notification ignored');
    } else if (channel === sessionChannel) {
      const userId = parseSessionsEnded(payload);
      if (userId) for (const stream of userStreams.get(userId) ?? []) stream.sessionsEnded?.();
      else log.warn({ channel }, 'malformed session notification ignored');
    } else if (channel === publicChannel) {
      const event = parsePublicEvent(payload);
      if (event) dispatchPublic(event);
      else log.warn({ channel }, 'malformed public event notification ignored');
    }
  }

  async function catchUp(): Promise<void> {
    try {
      const missed = await options.userEventsAfter(highestUserEventId);
      log.info({ after: highestUserEventId, count: missed.length }, 'user events missed while not listening: sent');
      for (const message of missed) dispatchUser(message);
    } catch (error) {
      log.error({ err: error }, 'could not read the user events missed while not listening');
    }
  }

  return {
    async publish(event) {
      await transport.notify(publicChannel, JSON.stringify(event));
    },
    subscribe(filter: EventFilter, handler: EventHandler) {
      const subscriber = { filter, handler };
      publicSubscribers.add(subscriber);
      return () => publicSubscribers.delete(subscriber);
    },
    subscribeUser(userId, subscriber) {
      let streams = userStreams.get(userId);
      if (!streams) {
        streams = new Set();
        userStreams.set(userId, streams);
      }
      // Added first, so the set is never empty (and dropped from the map) while the oldest is evicted.
      streams.add(subscriber);
      while (streams.size > maxStreamsPerUser) {
        const oldest = streams.values().next().value!;
        streams.delete(oldest);
        oldest.evict();
      }
      const own = streams;
      return () => {
        own.delete(subscriber);
        if (own.size === 0 && userStreams.get(userId) === own) userStreams.delete(userId);
      };
    },
    latestUserEventId() {
      return highestUserEventId;
    },
    async announceSessionsEnded(userId) {
      await transport.notify(sessionChannel, JSON.stringify({ userId }));
    },
    onClose(handler) {
      if (closing) {
        queueMicrotask(handler);
        return () => {};
      }
      closeHandlers.add(handler);
      return () => closeHandlers.delete(handler);
    },
    async start() {
      await transport.listen([userChannel, publicChannel, sessionChannel], onMessage, () => void catchUp());
      highestUserEventId = Math.max(highestUserEventId, await options.latestUserEventId());
    },
    close() {
      if (!closing) {
        const handlers = [...closeHandlers];
        closeHandlers.clear();
        closing = transport.close();
        for (const handler of handlers) handler();
      }
      return closing;
    },
  };
}
