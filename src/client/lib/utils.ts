import { type ClassValue, clsx } from 'clsx';
import { twMerge } from 'tailwind-merge';

/**
 * Joins class names and lets later Tailwind utilities override earlier ones (tailwind-merge, ~8 KB
 * gzipped): for the signed-in and lazily loaded pages. The public pages' first render uses `cx`
 * (class-names.ts), which joins without it.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
