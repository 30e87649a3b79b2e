/**
 * Calls `callback` when the browser is next idle, at the latest after `timeoutMs` (Safari has no
 * requestIdleCallback: a timer stands in). Returns the function that cancels it.
 */
export function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(callback, Math.min(timeoutMs, 1000));
  return () => clearTimeout(id);
}
