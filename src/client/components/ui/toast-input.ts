/** What a toast says and does: showToast (toaster.tsx) takes it, the toast card (sonner-toasts.tsx) draws it. */
type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  /** A new toast with the same id replaces the one shown before instead of queueing up. */
  id?: string;
  durationMs?: number;
  /** One button in the toast (e.g. 'Undo'); pressing it also closes the toast. */
  action?: { label: string; onClick: () => void };
}
