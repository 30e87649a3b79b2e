import { showToast } from '#client/components/ui/toaster.tsx';
import { PushSetupError, pushSupport, rememberedDeviceId, subscribeThisDevice } from './this-device.ts';

/**
 * The one-time offer of alerts after the fan's first Follow (issue 29.3): the moment a fan has said
 * what they care about, not on page load. It only offers; the permission prompt comes from the
 * toast's button (a tap). Shown once per browser, whatever the answer.
 */

const OFFERED_KEY = 'tourguides:push-offered';

export const FOLLOW_OFFER_TEXTS = {
  title: 'Get alerts on this device?',
  description: (artistName: string) => `Hear about ${artistName}'s new dates near you, even with TourGuides closed.`,
  action: 'Turn on alerts',
  onTitle: 'Alerts are on',
  onDescription: 'This device will get your alerts. Choose which in Settings.',
  failedTitle: 'Could not turn on alerts',
} as const;

function alreadyOffered(): boolean {
  try {
    if (localStorage.getItem(OFFERED_KEY)) return true;
    localStorage.setItem(OFFERED_KEY, new Date().toISOString());
    return false;
  } catch {
    // No storage (a locked-down browser): never offer rather than offer on every follow.
    return true;
  }
}

export function offerAlertsAfterFollow(artistName: string): void {
  if (pushSupport() !== 'supported' || Notification.permission !== 'default' || rememberedDeviceId()) return;
  // Subscribing needs the service worker: without one in control (a private window, blocked), no offer.
  if (!navigator.serviceWorker.controller) return;
  if (alreadyOffered()) return;
  showToast({
    title: FOLLOW_OFFER_TEXTS.title,
    description: FOLLOW_OFFER_TEXTS.description(artistName),
    durationMs: 15_000,
    action: {
      label: FOLLOW_OFFER_TEXTS.action,
      onClick: () => {
        subscribeThisDevice().then(
          () => showToast({ title: FOLLOW_OFFER_TEXTS.onTitle, description: FOLLOW_OFFER_TEXTS.onDescription }),
          (error: unknown) =>
            showToast({
              title: FOLLOW_OFFER_TEXTS.failedTitle,
              description: error instanceof PushSetupError || error instanceof Error ? error.message : String(error),
              variant: 'destructive',
            }),
        );
      },
    },
  });
}
