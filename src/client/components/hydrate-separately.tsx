import { type ReactNode, Suspense } from 'react';

/**
 * Marks a part of the page that React may adopt from the prerendered HTML on its own. React keeps
 * such a part as it came (a dehydrated Suspense boundary) while it adopts the rest, then adopts
 * each part in a later low-priority pass with its own commit: several short tasks instead of one
 * long one on a phone's processor, and a tap on a part is handled first. Where the page is drawn
 * by the browser from scratch, it renders its children as they are (nothing in them suspends).
 */
export const HydrateSeparately = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={null}>{children}</Suspense>
);
