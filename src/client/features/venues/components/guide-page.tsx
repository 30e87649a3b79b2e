/** The guide route's module (router.tsx imports it from here): the page lives in the guides feature. */
export { GuidePage } from '#client/features/guides/components/guide-page.tsx';
