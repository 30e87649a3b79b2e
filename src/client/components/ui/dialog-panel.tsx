import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#client/lib/utils.ts';

export type DialogPanelProps = ComponentProps<typeof Dialog.Content> & { title: ReactNode; description?: ReactNode };

interface PanelLook {
  overlayClassName: string;
  contentClassName: string;
  headerClassName: string;
  titleClassName: string;
  closeClassName: string;
  closeLabel: string;
}

/**
 * The one Radix Dialog frame under the modal and the side sheet: overlay, a titled header with a
 * close button, the optional description, then the content. Focus is trapped; Esc closes it.
 */
export function DialogPanel({
  look,
  className,
  children,
  title,
  description,
  ...props
}: DialogPanelProps & { look: PanelLook }) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className={look.overlayClassName} />
      <Dialog.Content
        className={cn(look.contentClassName, className)}
        // Without a description Radix expects an explicit "none".
        {...(description ? {} : { 'aria-describedby': undefined })}
        {...props}
      >
        <div className={look.headerClassName}>
          <Dialog.Title className={look.titleClassName}>{title}</Dialog.Title>
          <Dialog.Close className={look.closeClassName} aria-label={look.closeLabel}>
            <X className="size-5" aria-hidden="true" />
          </Dialog.Close>
        </div>
        {description ? <Dialog.Description className="text-sm text-muted">{description}</Dialog.Description> : null}
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
