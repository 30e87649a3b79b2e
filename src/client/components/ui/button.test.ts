import { cva } from 'class-variance-authority';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { buttonVariants } from './button.tsx';

/** The definition the buttons had while tailwind-merge resolved its overlaps on every render. */
const mergedBefore = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-full font-semibold transition-[background-color,border-color,color,box-shadow,transform] duration-150 disabled:pointer-events-none disabled:opacity-50 motion-safe:active:translate-y-px [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default:
          'bg-accent text-accent-foreground shadow-[0_8px_24px_-10px_rgb(255_194_71/0.7)] hover:bg-accent-strong',
        outline: 'border border-border-strong bg-transparent text-foreground hover:border-accent hover:bg-white/5',
        secondary: 'bg-surface-raised text-foreground hover:bg-border',
        ghost: 'text-foreground hover:bg-white/8',
        link: 'rounded-md px-0 text-accent underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-9 px-4 text-sm',
        default: 'h-11 px-5 text-sm',
        lg: 'h-12 px-7 text-base',
        icon: 'size-11 [&_svg]:size-6',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

const classSet = (classes: string) => new Set(classes.split(' '));
const variants = [undefined, 'default', 'outline', 'secondary', 'ghost', 'link'] as const;
const sizes = [undefined, 'sm', 'default', 'lg', 'icon'] as const;

describe('buttonVariants', () => {
  it.each(variants.flatMap((variant) => sizes.map((size) => [variant, size] as const)))(
    'gives variant %s, size %s the classes tailwind-merge kept, none of them conflicting',
    (variant, size) => {
      const classes = buttonVariants({ variant, size });
      expect(classSet(classes)).toEqual(classSet(twMerge(mergedBefore({ variant, size }))));
      expect(twMerge(classes)).toBe(classes);
    },
  );

  it.each(sizes)("gives frosted, size %s, the classes of the outline the home page's button overrode", (size) => {
    const classes = buttonVariants({ variant: 'frosted', size });
    const overridden = twMerge(mergedBefore({ variant: 'outline', size }), 'bg-background/40 backdrop-blur');
    expect(classSet(classes)).toEqual(classSet(overridden));
    expect(twMerge(classes)).toBe(classes);
  });
});
