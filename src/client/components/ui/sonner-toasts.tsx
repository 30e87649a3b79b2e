/**
 * sonner and the toast card: a chunk of its own, loaded once the page is up or when the first
 * toast is asked for (toaster.tsx). Nothing needs it to draw a page.
 */
import { CircleAlert, X } from 'lucide-react';
import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { cn } from '#client/lib/utils.ts';
import type { ToastInput } from './toast-input.ts';

const ToastCard = ({
  title,
  description,
  variant = 'default',
  action,
  onDismiss,
}: ToastInput & { onDismiss: () => void }) => (
  <div
    role={variant === 'destructive' ? 'alert' : 'status'}
    data-variant={variant}
    className={cn(
      'flex w-[min(356px,calc(100vw-2rem))] items-start gap-3 rounded-2xl border p-4 pr-3 font-sans shadow-2xl backdrop-blur',
      variant === 'destructive'
        ? 'border-destructive/70 bg-destructive-surface/95 text-destructive-foreground'
        : 'border-border-strong bg-surface-raised/95 text-foreground',
    )}
  >
    {variant === 'destructive' ? (
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
    ) : null}
    <div className="min-w-0 flex-1">
      <p className="font-semibold">{title}</p>
      {description ? <p className="mt-0.5 text-sm opacity-90">{description}</p> : null}
    </div>
    {action ? (
      <button
        type="button"
        onClick={() => {
          action.onClick();
          onDismiss();
        }}
        className="-my-1 inline-flex h-8 shrink-0 items-center rounded-full border border-border-strong px-3 text-sm font-semibold hover:border-accent hover:bg-white/5"
      >
        {action.label}
      </button>
    ) : null}
    <button
      type="button"
      onClick={onDismiss}
      aria-label="Dismiss notification"
      className="-mt-1 inline-flex size-8 shrink-0 items-center justify-center rounded-full opacity-80 hover:bg-white/10 hover:opacity-100"
    >
      <X className="size-4" aria-hidden="true" />
    </button>
  </div>
);

const shownByKey = new Map<string, string>();
let sequence = 0;

/**
 * Shows a toast; only one is visible at a time (see SonnerToaster). A toast with an id closes the one
 * shown before under that id and takes a fresh sonner id: updating a toast in place is lost when the
 * update lands while the old one is already leaving.
 */
export function showSonnerToast({ id, durationMs = 5000, ...content }: ToastInput): void {
  let toastId: string | undefined;
  if (id) {
    const previous = shownByKey.get(id);
    if (previous) toast.dismiss(previous);
    sequence += 1;
    toastId = `${id}:${sequence}`;
    shownByKey.set(id, toastId);
  }
  toast.custom((shownId) => <ToastCard {...content} onDismiss={() => toast.dismiss(shownId)} />, {
    id: toastId,
    duration: durationMs,
  });
}

/**
 * Toasts sit at the bottom, above the bottom tab bar where it shows (--bottom-bar-space, styles.css):
 * at the top they covered the header's title and back button for their whole 5 seconds.
 */
const OFFSET = { bottom: 'calc(var(--bottom-bar-space, 0px) + 1rem)', right: 16 };
const MOBILE_OFFSET = {
  bottom: 'calc(var(--bottom-bar-space, 0px) + env(safe-area-inset-bottom) + 0.75rem)',
  left: 12,
  right: 12,
};

/** `onReady` runs after sonner's own effects (a child's run first): it listens for toasts by then. */
export const SonnerToaster = ({ onReady }: { onReady: () => void }) => {
  useEffect(onReady, [onReady]);
  return (
    <Sonner
      position="bottom-right"
      visibleToasts={1}
      offset={OFFSET}
      mobileOffset={MOBILE_OFFSET}
      toastOptions={{ unstyled: true }}
    />
  );
};
