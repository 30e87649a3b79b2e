import { PagesPreview } from '#client/features/tour-scraper/components/preview-table.tsx';
import { TourWebPage } from '#client/features/tour-web/components/tour-web-page.tsx';

/** /tour-web: the web tour finder, whose events go through the tour scraper's preview and import. */
export const TourWebRoute = () => <TourWebPage Preview={PagesPreview} />;
