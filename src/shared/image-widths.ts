/**
 * The narrower copies of a stored artist image the server makes (`/files/<key>?w=`), for the
 * browser to choose from in a srcset: a phone's card row and a card in the grid.
 */
export const ARTIST_IMAGE_WIDTHS = [240, 400] as const;
