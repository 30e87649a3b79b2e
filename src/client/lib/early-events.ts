/**
 * What the prerendered home page's loader (start-after-first-paint.ts) catches while the page is
 * on screen but its app is not running yet: the browser's install offer, which comes once per
 * page load, and taps on buttons, which would otherwise do nothing. The app takes them over.
 */
export interface EarlyEvents {
  installOffer: Event | null;
  taps: HTMLElement[];
  /** Stops catching: the app answers from now on. */
  stop(): void;
}

declare global {
  interface Window {
    tourGuidesEarlyEvents?: EarlyEvents;
  }
}

/** The install offer the browser made before the app listened, if any (taken once). */
export function takeEarlyInstallOffer(): Event | null {
  const early = typeof window === 'undefined' ? undefined : window.tourGuidesEarlyEvents;
  const offer = early?.installOffer ?? null;
  if (early) early.installOffer = null;
  return offer;
}

/**
 * Once the app has adopted the page: stop catching, and press again what was tapped meanwhile.
 * The presses wait for a task of their own: state set while adopting (such as text typed into
 * the search box meanwhile) must be rendered before a handler reads it.
 */
export function replayEarlyTaps(): void {
  const early = window.tourGuidesEarlyEvents;
  if (!early) return;
  early.stop();
  window.tourGuidesEarlyEvents = undefined;
  setTimeout(() => {
    for (const button of early.taps) if (button.isConnected) button.click();
  }, 0);
}
