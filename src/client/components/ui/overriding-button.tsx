import { cn } from '#client/lib/utils.ts';
import { ButtonElement, type ButtonProps, buttonVariants } from './button.tsx';

/**
 * A Button whose className overrides its variant's classes (a smaller height, another colour),
 * merged by tailwind-merge: kept to the pages that need it, off the public pages' first render.
 */
export const OverridingButton = ({ className, variant, size, ...props }: ButtonProps) => (
  <ButtonElement className={cn(buttonVariants({ variant, size }), className)} {...props} />
);
