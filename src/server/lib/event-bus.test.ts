import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { UserEvent } from '#shared/notifications.ts';
import { createEventBus, type EventTransport, type UserEventMessage, type UserStreamSubscriber } from './event-bus.ts';

/** The database's part played in memory: what is notified is heard, in order, by the listener. */
function memoryTransport() {
  let onMessage: (channel: string, payload: string) => void = () => {};
  let onResumed = () => {};
  const transport: EventTransport = {
    async listen(_channels, message, resumed) {
      onMessage = message;
      onResumed = resumed;
    },
    async notify(channel, payload) {
      onMessage(channel, payload);
    },
    async close() {},
  };
  return {
    transport,
    deliver: (channel: string, payload: string) => onMessage(channel, payload),
    resume: () => onResumed(),
  };
}

const event: UserEvent = { type: 'notifications-read', ids: null, unreadCount: 0 };

function recorder(): UserStreamSubscriber & { got: number[]; evicted: boolean } {
  const got: number[] = [];
  return {
    got,
    evicted: false,
    deliver(message: UserEventMessage) {
      got.push(message.id);
    },
    evict() {
      this.evicted = true;
    },
  };
}

function bus(stored: UserEventMessage[] = [], maxStreamsPerUser = 2) {
  const memory = memoryTransport();
  const events = createEventBus({
    transport: memory.transport,
    logger: pino({ level: 'silent' }),
    userChannel: 'users',
    publicChannel: 'public',
    sessionChannel: 'sessions',
    maxStreamsPerUser,
    latestUserEventId: async () => 0,
    userEventsAfter: async (afterId) => stored.filter((message) => message.id > afterId),
  });
  const notifyUser = (id: number, userId: string) =>
    memory.deliver('users', JSON.stringify({ id, userId, type: event.type, payload: event }));
  return { events, memory, notifyUser };
}

describe('the event bus', () => {
  it("hands a user's event to that user's streams only", async () => {
    const { events, notifyUser } = bus();
    await events.start();
    const alice = recorder();
    const bob = recorder();
    events.subscribeUser('alice', alice);
    events.subscribeUser('bob', bob);
    notifyUser(1, 'alice');
    notifyUser(2, 'bob');
    notifyUser(3, 'carol');
    expect(alice.got).toEqual([1]);
    expect(bob.got).toEqual([2]);
  });

  it('evicts the oldest stream beyond the cap, even with a cap of one', async () => {
    for (const cap of [1, 2]) {
      const { events, notifyUser } = bus([], cap);
      await events.start();
      const streams = Array.from({ length: cap + 1 }, recorder);
      for (const stream of streams) events.subscribeUser('alice', stream);
      expect(streams.map((stream) => stream.evicted)).toEqual([true, ...Array(cap).fill(false)]);
      notifyUser(7, 'alice');
      expect(streams.map((stream) => stream.got)).toEqual([[], ...Array(cap).fill([7])]);
    }
  });

  it('sends what was stored while the listener was away once it is back', async () => {
    const stored: UserEventMessage[] = [
      { id: 5, userId: 'alice', event },
      { id: 6, userId: 'bob', event },
      { id: 7, userId: 'alice', event },
    ];
    const { events, memory, notifyUser } = bus(stored);
    await events.start();
    const alice = recorder();
    events.subscribeUser('alice', alice);
    notifyUser(5, 'alice');
    memory.resume();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(alice.got).toEqual([5, 7]);
  });

  it('ignores malformed notifications and ends streams on close', async () => {
    const { events, memory } = bus();
    await events.start();
    const heard: unknown[] = [];
    events.subscribe(
      () => true,
      (e) => heard.push(e),
    );
    memory.deliver('users', 'not json');
    memory.deliver('public', '{"no":"type"}');
    await events.publish({ type: 'artist-image-ready', artistSlug: 'a', imageUrl: '/a' });
    expect(heard).toEqual([{ type: 'artist-image-ready', artistSlug: 'a', imageUrl: '/a' }]);
    let ended = 0;
    events.onClose(() => ended++);
    await events.close();
    await events.close();
    events.onClose(() => ended++);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ended).toBe(2);
  });
});
