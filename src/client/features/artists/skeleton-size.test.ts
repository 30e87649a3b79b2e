import { describe, expect, it } from 'vitest';
import { ARTISTS_PAGE_SIZE } from '#shared/artists.ts';
import { SKELETON_CARD_COUNT } from './skeleton-size.ts';

describe('the home grid skeleton', () => {
  it('shows as many card outlines as a page has artists', () => {
    expect(SKELETON_CARD_COUNT).toBe(ARTISTS_PAGE_SIZE);
  });
});
