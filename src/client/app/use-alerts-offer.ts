import { useEffect } from 'react';
import { onAppEvent } from '#client/lib/app-events.ts';

/**
 * After a Follow, the push feature may offer alerts once (features/push/follow-offer.ts). Its code
 * loads only then: a first render carries none of it. The offer itself waits for the Follow toast.
 */
const AFTER_FOLLOW_TOAST_MS = 4_000;

export function useAlertsOffer(): void {
  useEffect(
    () =>
      onAppEvent('artist-followed', ({ artistName }) => {
        window.setTimeout(() => {
          void import('#client/features/push/follow-offer.ts').then((module) =>
            module.offerAlertsAfterFollow(artistName),
          );
        }, AFTER_FOLLOW_TOAST_MS);
      }),
    [],
  );
}
