import { useSyncExternalStore } from 'react';
import { showToast } from '#client/components/ui/toaster.tsx';

function subscribe(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Guard for actions that only work with a connection (saving a favourite, syncing tour dates…):
 * offline it tells the visitor why nothing happens and answers false.
 *
 *   if (!requireOnline('Saving a favorite')) return;
 */
export function requireOnline(actionLabel: string): boolean {
  if (navigator.onLine) return true;
  showToast({
    id: 'offline-action',
    title: "You're offline",
    description: `${actionLabel} needs an internet connection.`,
  });
  return false;
}
