import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

/** A centred modal built on Radix Dialog: focus is trapped inside, Esc and the close button dismiss it. */
export const ModalDialog = Dialog.Root;
export const ModalDialogTrigger = Dialog.Trigger;
export const ModalDialogClose = Dialog.Close;

export const ModalDialogContent = ({
  className,
  children,
  title,
  description,
  ...props
}: ComponentProps<typeof Dialog.Content> & { title: ReactNode; description?: ReactNode }) => (
  <Dialog.Portal>
    <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm" />
    <Dialog.Content
      className={cn(
        'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 overflow-y-auto rounded-card border border-border-strong bg-surface p-5 shadow-2xl sm:p-6',
        className,
      )}
      {...(description ? {} : { 'aria-describedby': undefined })}
      {...props}
    >
      <div className="flex items-start justify-between gap-4">
        <Dialog.Title className="font-display text-xl font-bold">{title}</Dialog.Title>
        <Dialog.Close
          className="-mt-1 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-white/8 hover:text-foreground"
          aria-label="Close"
        >
          <X className="size-5" aria-hidden="true" />
        </Dialog.Close>
      </div>
      {description ? <Dialog.Description className="text-sm text-muted">{description}</Dialog.Description> : null}
      {children}
    </Dialog.Content>
  </Dialog.Portal>
);
