import type { ArtistImageReadyEvent } from '#shared/events.ts';
import { MAX_PUBLIC_EVENT_ARTISTS } from '#shared/events.ts';

type Listener = (event: ArtistImageReadyEvent) => void;

/**
 * One EventSource for every card on the page that waits for its image: cards register their
 * slug, and the stream is reopened (briefly debounced) with the current set of slugs. The server
 * sends images that already exist first, so reopening loses nothing.
 */
const listeners = new Map<string, Set<Listener>>();
let source: EventSource | null = null;
let openSlugs = '';
let reopenTimer: ReturnType<typeof setTimeout> | undefined;

function reconnect(): void {
  const slugs = [...listeners.keys()].slice(0, MAX_PUBLIC_EVENT_ARTISTS).sort().join(',');
  if (slugs === openSlugs && source) return;
  source?.close();
  source = null;
  openSlugs = slugs;
  if (!slugs || typeof EventSource === 'undefined') return;
  source = new EventSource(`/api/events/public?artist=${encodeURIComponent(slugs)}`);
  source.addEventListener('artist-image-ready', (message) => {
    const event = JSON.parse((message as MessageEvent<string>).data) as ArtistImageReadyEvent;
    for (const listener of listeners.get(event.artistSlug) ?? []) listener(event);
  });
}

function scheduleReconnect(): void {
  clearTimeout(reopenTimer);
  // A page of cards mounts within one frame: wait for all of them before opening the stream.
  reopenTimer = setTimeout(reconnect, 50);
}

/** Calls `listener` when the artist's image is ready; returns the function that stops listening. */
export function onArtistImageReady(slug: string, listener: Listener): () => void {
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
