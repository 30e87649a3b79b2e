import { Dialog } from 'radix-ui';
import { DialogPanel, type DialogPanelProps } from './dialog-panel.tsx';

/** A centred modal built on Radix Dialog: focus is trapped inside, Esc and the close button dismiss it. */
export const ModalDialog = Dialog.Root;
export const ModalDialogTrigger = Dialog.Trigger;
export const ModalDialogClose = Dialog.Close;

const modalLook = {
  overlayClassName: 'fixed inset-0 z-50 bg-black/70 backdrop-blur-sm',
  contentClassName:
    'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-card border border-border-strong bg-surface p-5 shadow-2xl sm:p-6',
  headerClassName: 'flex items-start justify-between gap-4',
  titleClassName: 'font-display text-xl font-bold',
  closeClassName:
    '-mt-1 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-white/8 hover:text-foreground',
  closeLabel: 'Close',
};

export const ModalDialogContent = (props: DialogPanelProps) => <DialogPanel look={modalLook} {...props} />;
