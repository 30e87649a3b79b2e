export { TourScraperPage } from '#client/features/tour-scraper/components/tour-scraper-page.tsx';
