/** The one place label of the app (src/shared/place-label.ts): the server's lists use it too. */
export { countryName, placeLabel } from '#shared/place-label.ts';
