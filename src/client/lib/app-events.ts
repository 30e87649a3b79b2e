/**
 * What one feature announces and another reacts to, without either importing the other: the
 * feature emits, and app/ wires the listener (features import no other feature, ADR 0035).
 */
export interface AppEvents {
  /** The fan saved (or cleared) their state on a stop: its guide and setlists may be kept offline. */
  'show-state-changed': { stopId: string };
  /** The fan followed an artist (the push feature may offer alerts after the first). */
  'artist-followed': { artistSlug: string; artistName: string };
}

type Listener<K extends keyof AppEvents> = (event: AppEvents[K]) => void;

const listeners = new Map<keyof AppEvents, Set<Listener<never>>>();

function listenersOf<K extends keyof AppEvents>(type: K): Set<Listener<K>> {
  const set = listeners.get(type) ?? new Set();
  listeners.set(type, set);
  return set as Set<Listener<K>>;
}

/** Calls `listener` on every `type` event; returns the function that stops listening. */
export function onAppEvent<K extends keyof AppEvents>(type: K, listener: Listener<K>): () => void {
  const set = listenersOf(type);
  set.add(listener);
  return () => set.delete(listener);
}

export function emitAppEvent<K extends keyof AppEvents>(type: K, event: AppEvents[K]): void {
  for (const listener of listenersOf(type)) listener(event);
}
