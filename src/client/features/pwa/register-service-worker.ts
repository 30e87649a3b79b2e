import { Workbox } from 'workbox-window';
import { showToast } from '#client/components/ui/toaster.tsx';
import { isStandalone } from './display-mode.ts';

/** Spec section 9: the update toast stays 10 seconds. */
export const UPDATE_TOAST_MS = 10_000;
/** An installed app can stay open for days: look for a new version now and then, not only at start. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

let registered = false;

/**
 * Spec section 2, "App update prompt": the installed app asks before switching versions (its window
 * may be all the visitor is looking at); in a browser tab the new version applies by itself.
 */
function offerUpdate(workbox: Workbox): void {
  const applyUpdate = () => workbox.messageSkipWaiting();
  if (!isStandalone()) {
    applyUpdate();
    return;
  }
  showToast({
    id: 'app-update',
    title: 'Update Available',
    description: 'A new version of the product is available.',
    durationMs: UPDATE_TOAST_MS,
    action: { label: 'Update Now', onClick: applyUpdate },
  });
}

/**
 * Registers the service worker built from src/client/sw/sw.ts (production builds only). When a new
 * version takes control of a page the old version was running, the page reloads so its code and the
 * cached files match again.
 */
export function registerServiceWorker(): void {
  if (registered || import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  registered = true;
  const workbox = new Workbox('/sw.js', { scope: '/' });
  const wasControlled = navigator.serviceWorker.controller !== null;
  workbox.addEventListener('waiting', () => offerUpdate(workbox));
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (wasControlled) window.location.reload();
  });
  // Without a worker the app still works online (private modes, blocked by policy or by a test runner).
  workbox.register().catch((error: unknown) => console.warn('Offline support is unavailable:', error));
  window.setInterval(() => void workbox.update(), UPDATE_CHECK_INTERVAL_MS);
}
