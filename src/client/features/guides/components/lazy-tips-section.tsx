import { type ComponentProps, lazy, Suspense } from 'react';

// Fans' tips sit at the foot of the guide and venue pages: their code (the form, voting, reports)
// loads after the page's first render, not with it (issue 25 item 2).
const TipsSectionPart = lazy(() => import('./tips-section.tsx').then((module) => ({ default: module.TipsSection })));

/** The tips section, its code loaded on demand; the stand-in says what its own loading state says. */
export const LazyTipsSection = (props: ComponentProps<typeof TipsSectionPart>) => (
  <Suspense fallback={<p className="text-muted">Loading tips…</p>}>
    <TipsSectionPart {...props} />
  </Suspense>
);
