export { TourWebPage } from '#client/features/tour-web/components/tour-web-page.tsx';
