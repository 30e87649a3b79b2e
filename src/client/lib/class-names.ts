import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names that cannot conflict, without tailwind-merge (~8 KB gzipped): the components of
 * the public pages' first render use it (issue 25 item 2), where a state picks one of two utilities
 * (`current ? 'text-accent' : 'text-muted'`) instead of overriding the other. Where a later utility
 * must override an earlier one (a caller's `h-8` over a button's `h-11`), use `cn` (lib/utils.ts).
 * In development and tests a conflict throws: both utilities would reach the page, and the
 * stylesheet's order, not the call, would pick the winner (the production build drops the check
 * and tailwind-merge with it).
 */
export function cx(...inputs: ClassValue[]): string {
  const joined = clsx(inputs);
  if (import.meta.env.DEV && twMerge(joined) !== joined) {
    throw new Error(`Conflicting classes in cx(): "${joined}" (tailwind-merge keeps "${twMerge(joined)}"); use cn()`);
  }
  return joined;
}
