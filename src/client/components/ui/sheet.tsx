import { Dialog } from 'radix-ui';
import { DialogPanel, type DialogPanelProps } from './dialog-panel.tsx';

/** A panel sliding in from the side, built on Radix Dialog: focus is trapped and Esc closes it. */
export const Sheet = Dialog.Root;

const sheetLook = {
  overlayClassName: 'fixed inset-0 z-50 bg-black/70 backdrop-blur-sm motion-safe:data-[state=open]:animate-fade-in',
  contentClassName:
    'fixed inset-y-0 right-0 z-50 flex w-[min(20rem,86vw)] flex-col gap-6 border-l border-border bg-surface p-6 shadow-2xl motion-safe:data-[state=open]:animate-sheet-in',
  headerClassName: 'flex items-center justify-between',
  titleClassName: 'font-display text-lg font-bold',
  closeClassName:
    'inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-white/8 hover:text-foreground',
  closeLabel: 'Close menu',
};

export const SheetContent = (props: DialogPanelProps) => <DialogPanel look={sheetLook} {...props} />;
