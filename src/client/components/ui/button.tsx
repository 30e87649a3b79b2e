import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cx } from '#client/lib/class-names.ts';
import { Slot } from './slot.tsx';

/**
 * No two of a button's classes conflict (the link's corners, the icon size's larger icon are their
 * variant's own; a link is unpadded only at the icon size, the one size without a padding), so they
 * are joined without tailwind-merge: the classes it kept from the earlier overriding definition
 * (button.test.ts).
 */
export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap font-semibold transition-[background-color,border-color,color,box-shadow,transform] duration-150 disabled:pointer-events-none disabled:opacity-50 motion-safe:active:translate-y-px [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default:
          'rounded-full bg-accent text-accent-foreground shadow-[0_8px_24px_-10px_rgb(255_194_71/0.7)] hover:bg-accent-strong',
        outline:
          'rounded-full border border-border-strong bg-transparent text-foreground hover:border-accent hover:bg-white/5',
        // The outline over the home page's stage lights: a translucent, blurred fill instead of none.
        frosted:
          'rounded-full border border-border-strong bg-background/40 text-foreground backdrop-blur hover:border-accent hover:bg-white/5',
        secondary: 'rounded-full bg-surface-raised text-foreground hover:bg-border',
        ghost: 'rounded-full text-foreground hover:bg-white/8',
        link: 'rounded-md text-accent underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-9 px-4 text-sm [&_svg]:size-4',
        default: 'h-11 px-5 text-sm [&_svg]:size-4',
        lg: 'h-12 px-7 text-base [&_svg]:size-4',
        icon: 'size-11 [&_svg]:size-6',
      },
    },
    compoundVariants: [{ variant: 'link', size: 'icon', class: 'px-0' }],
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

/**
 * A button, or with asChild its single child (e.g. a router Link) styled as one. Its className adds
 * classes (`self-start`, `md:hidden`); one that overrides the variant's (`h-8`, `bg-destructive`)
 * needs OverridingButton (overriding-button.tsx).
 */
export const Button = ({ className, variant, size, ...props }: ButtonProps) => (
  <ButtonElement className={cx(buttonVariants({ variant, size }), className)} {...props} />
);

/** The element of Button and OverridingButton (overriding-button.tsx), given its classes. */
export const ButtonElement = ({ asChild = false, type, ...props }: Omit<ButtonProps, 'variant' | 'size'>) => {
  const Component = asChild ? Slot : 'button';
  return <Component type={asChild ? undefined : (type ?? 'button')} {...props} />;
};
