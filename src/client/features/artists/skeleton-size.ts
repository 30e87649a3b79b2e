/**
 * How many card outlines the home grid shows while its first page loads: a full page, so the
 * grid is as tall as it will be. Equal to ARTISTS_PAGE_SIZE in #shared/artists.ts (a unit test
 * checks it); importing that module here would bring zod into the home page's JavaScript.
 */
export const SKELETON_CARD_COUNT = 20;
