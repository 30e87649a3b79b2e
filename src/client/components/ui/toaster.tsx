import { lazy, Suspense } from 'react';
import { usePageSettled } from '#client/lib/page-settled.ts';
import type { ToastInput } from './toast-input.ts';

type SonnerPart = typeof import('./sonner-toasts.tsx');
let sonnerPart: Promise<SonnerPart> | undefined;

/** sonner (~10 KB) stays out of the first render's scripts: toasts come after a page is up. */
function loadSonnerPart(): Promise<SonnerPart> {
  sonnerPart ??= import('./sonner-toasts.tsx');
  return sonnerPart;
}

let markToasterReady = () => {};
/** Resolves once the toaster listens: sonner drops toasts made before that. */
const toasterReady = new Promise<void>((resolve) => {
  markToasterReady = resolve;
});

/**
 * Shows a toast; only one is visible at a time (see sonner-toasts.tsx). A toast asked for before
 * the toaster has loaded shows as soon as it has; toasts keep their order.
 */
export function showToast(input: ToastInput): void {
  void Promise.all([loadSonnerPart(), toasterReady]).then(([part]) => part.showSonnerToast(input));
}

const SonnerToaster = lazy(() => loadSonnerPart().then((part) => ({ default: part.SonnerToaster })));

/**
 * Where toasts show. Not part of the first render (a prerendered page has none to adopt): it loads
 * once the page has settled.
 */
export const Toaster = () => {
  if (!usePageSettled()) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster onReady={markToasterReady} />
    </Suspense>
  );
};
