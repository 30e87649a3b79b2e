import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

/** A panel sliding in from the side, built on Radix Dialog: focus is trapped and Esc closes it. */
export const Sheet = Dialog.Root;

export const SheetContent = ({
  className,
  children,
  title,
  description,
  ...props
}: ComponentProps<typeof Dialog.Content> & { title: ReactNode; description?: ReactNode }) => (
  <Dialog.Portal>
    <Dialog.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm motion-safe:data-[state=open]:animate-fade-in" />
    <Dialog.Content
      className={cn(
        'fixed inset-y-0 right-0 z-50 flex w-[min(20rem,86vw)] flex-col gap-6 border-l border-border bg-surface p-6 shadow-2xl',
        'motion-safe:data-[state=open]:animate-sheet-in',
        className,
      )}
      // Without a description Radix expects an explicit "none".
      {...(description ? {} : { 'aria-describedby': undefined })}
      {...props}
    >
      <div className="flex items-center justify-between">
        <Dialog.Title className="font-display text-lg font-bold">{title}</Dialog.Title>
        <Dialog.Close
          className="inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-white/8 hover:text-foreground"
          aria-label="Close menu"
        >
          <X className="size-5" aria-hidden="true" />
        </Dialog.Close>
      </div>
      {description ? <Dialog.Description className="text-sm text-muted">{description}</Dialog.Description> : null}
      {children}
    </Dialog.Content>
  </Dialog.Portal>
);
