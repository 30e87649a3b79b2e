import type { PublicEvent } from '#shared/events.ts';
import { MAX_PUBLIC_EVENT_ARTISTS, publicEventTypes } from '#shared/events.ts';

type Listener = (event: PublicEvent) => void;

/**
 * One EventSource for every artist image shown on the page: views register their slug, and the
 * stream is reopened (briefly debounced) when a slug it does not cover arrives. A view that goes
 * away leaves the stream as it is (a few extra slugs cost nothing, reopening does), and the stream
 * closes when no view listens. The server sends the images that exist first, so reopening loses
 * nothing; after that come new images (a job made one, an admin replaced it) and cleared ones.
 */
const listeners = new Map<string, Set<Listener>>();
let source: EventSource | null = null;
let openSlugs: string[] = [];
let reopenTimer: ReturnType<typeof setTimeout> | undefined;

function reconnect(): void {
  const wanted = [...listeners.keys()].slice(0, MAX_PUBLIC_EVENT_ARTISTS);
  const covered = new Set(openSlugs);
  if (source && wanted.length > 0 && wanted.every((slug) => covered.has(slug))) return;
  source?.close();
  source = null;
  openSlugs = wanted;
  if (wanted.length === 0 || typeof EventSource === 'undefined') return;
  source = new EventSource(`/api/events/public?artist=${encodeURIComponent(wanted.sort().join(','))}`);
  const deliver = (message: Event) => {
    const event = JSON.parse((message as MessageEvent<string>).data) as PublicEvent;
    for (const listener of listeners.get(event.artistSlug) ?? []) listener(event);
  };
  for (const type of publicEventTypes) source.addEventListener(type, deliver);
}

function scheduleReconnect(): void {
  clearTimeout(reopenTimer);
  // A page of cards mounts within one frame: wait for all of them before opening the stream.
  reopenTimer = setTimeout(reconnect, 50);
}

/**
 * Calls `listener` when the artist's image is made, replaced or cleared; returns the function
 * that stops listening.
 */
export function onArtistImageChange(slug: string, listener: Listener): () => void {
  const set = listeners.get(slug) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(slug, set);
  scheduleReconnect();
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(slug);
    scheduleReconnect();
  };
}
