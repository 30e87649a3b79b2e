export { AddShowPage } from '#client/features/add-show/components/add-show-page.tsx';
