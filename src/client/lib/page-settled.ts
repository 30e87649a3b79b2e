import { useSyncExternalStore } from 'react';

/** How long a busy page may put off what waits for it to settle. */
const SETTLE_TIMEOUT_MS = 3000;

let settled = false;
const listeners = new Set<() => void>();

function markSettled(): void {
  settled = true;
  for (const listener of listeners) listener();
}

/** Calls `callback` when the browser is next idle (Safari has no requestIdleCallback: a timer stands in). */
function whenIdle(callback: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(callback, { timeout: SETTLE_TIMEOUT_MS });
  else setTimeout(callback, 1000);
}

let watching = false;

/** Starts watching once, on first use: settled once the page has loaded and the browser is idle. */
function watch(): void {
  if (watching) return;
  watching = true;
  const onLoad = () => whenIdle(markSettled);
  if (document.readyState === 'complete') onLoad();
  else window.addEventListener('load', onLoad, { once: true });
}

function subscribe(listener: () => void): () => void {
  watch();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * True once the page has loaded and the browser has had a moment to spare (at the latest 3 s
 * after load). Decoration and nice-to-haves wait for it, so that on a phone they do not compete
 * with drawing the page and making it respond. False while a prerendered page is adopted.
 */
export function usePageSettled(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => settled,
    () => false,
  );
}
