import { EventEmitter } from 'node:events';
import type { PublicEvent } from '#shared/events.ts';

/** Every event the server's parts tell each other about. Private events join this union later. */
export type AppEvent = PublicEvent;

export type EventFilter = (event: AppEvent) => boolean;
export type EventHandler = (event: AppEvent) => void;

/**
 * In-process publish/subscribe. The interface is what a LISTEN/NOTIFY fan-out across server
 * processes will implement later, so callers never assume a single process.
 */
export interface EventBus {
  publish(event: AppEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(filter: EventFilter, handler: EventHandler): () => void;
  /** Called once when the server shuts down, so long-lived streams end and let it stop. */
  onClose(handler: () => void): () => void;
  close(): void;
}

export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  // One listener per open SSE stream: the default warning at 10 would be noise, not a leak.
  emitter.setMaxListeners(0);
  return {
    publish(event) {
      emitter.emit('event', event);
    },
    subscribe(filter, handler) {
      const listener = (event: AppEvent) => {
        if (filter(event)) handler(event);
      };
      emitter.on('event', listener);
      return () => emitter.off('event', listener);
    },
    onClose(handler) {
      emitter.once('close', handler);
      return () => emitter.off('close', handler);
    },
    close() {
      emitter.emit('close');
    },
  };
}
