import { useEffect } from 'react';

export const BRAND = 'TourGuides';
export const HOME_TITLE = 'TourGuides – Local Concert Venue Guides for Every Tour Stop';

/** Sets document.title while the calling page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}
