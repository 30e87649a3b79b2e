import { useSyncExternalStore } from 'react';
import { showToast } from '#client/components/ui/toaster.tsx';
import { takeEarlyInstallOffer } from '#client/lib/early-events.ts';
import { isIos, isStandalone } from './display-mode.ts';

/** Chromium's install offer (not in TypeScript's DOM types). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/** Spec section 3: the local browser flag "install prompt dismissed". */
export const INSTALL_DISMISSED_KEY = 'tourguides-install-dismissed';
export const IOS_INSTRUCTIONS_MS = 5000;

export interface InstallState {
  /** The browser offered install and the offer was not used yet. */
  canPrompt: boolean;
  /** Installed during this visit, or running as the installed app. */
  installed: boolean;
  dismissed: boolean;
  /** No install event will come; the visitor installs through Safari's Share menu. */
  iosManual: boolean;
}

/**
 * Before the first script run reads the browser, and what the prerendered home page was rendered
 * with (no banner): the state a hydrating render starts from (ADR 0011).
 */
const NOTHING_KNOWN: InstallState = { canPrompt: false, installed: false, dismissed: false, iosManual: false };

let deferredPrompt: BeforeInstallPromptEvent | null = null;
let state = NOTHING_KNOWN;
const listeners = new Set<() => void>();

function update(patch: Partial<InstallState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function readDismissed(): boolean {
  try {
    return localStorage.getItem(INSTALL_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

function announceInstalled(): void {
  deferredPrompt = null;
  if (!state.installed) showToast({ id: 'app-installed', title: 'App Installed!' });
  update({ installed: true, canPrompt: false });
}

/**
 * Listens from the first script run: the offer can arrive before any component has mounted, and
 * the browser fires it only once per page load.
 */
function startListening(): void {
  if (typeof window === 'undefined') return;
  const standalone = isStandalone();
  const known = {
    canPrompt: false,
    installed: standalone,
    dismissed: readDismissed(),
    iosManual: isIos() && !standalone,
  };
  // Unless something is known, keep the very object the page was prerendered with: a different
  // snapshot after hydration makes React render again at once, in the same long task.
  if (Object.values(known).some(Boolean)) state = known;
  // On the prerendered home page the offer may have come before this script ran.
  const earlyOffer = takeEarlyInstallOffer();
  if (earlyOffer) {
    deferredPrompt = earlyOffer as BeforeInstallPromptEvent;
    state = { ...state, canPrompt: true };
  }
  window.addEventListener('beforeinstallprompt', (event) => {
    // Keep the browser's mini-infobar away: the banner (or /install) makes the offer instead.
    event.preventDefault();
    deferredPrompt = event as BeforeInstallPromptEvent;
    update({ canPrompt: true });
  });
  window.addEventListener('appinstalled', announceInstalled);
}
startListening();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => NOTHING_KNOWN,
  );
}

/** Whether the banner should show: an install is possible and the visitor has not said no. */
export function shouldShowInstallBanner({ canPrompt, installed, dismissed, iosManual }: InstallState): boolean {
  return !installed && !dismissed && (canPrompt || iosManual);
}

/** Opens the browser's install dialog; answers whether the visitor accepted. */
export async function promptInstall(): Promise<boolean> {
  const offer = deferredPrompt;
  if (!offer) return false;
  // The event can be prompted only once: the offer is spent whatever the answer.
  deferredPrompt = null;
  update({ canPrompt: false });
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  if (outcome === 'accepted') announceInstalled();
  return outcome === 'accepted';
}

export function dismissInstallBanner(): void {
  try {
    localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
  } catch {
    // Private mode without storage: the banner still hides for this visit.
  }
  update({ dismissed: true });
}

export function showIosInstructions(): void {
  showToast({
    id: 'install-instructions',
    title: 'Install TourGuides',
    description: "Tap the Share button, then 'Add to Home Screen'.",
    durationMs: IOS_INSTRUCTIONS_MS,
  });
}
