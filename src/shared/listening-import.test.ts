import { describe, expect, it } from 'vitest';
import { spotifyPlaylistId } from './listening-import.ts';

describe('spotifyPlaylistId', () => {
  const id = '37i9dQZF1DXcBWIGoYBM5M';
  it.each([
    `https://open.spotify.com/playlist/${id}?si=8f2c1e0a9b7d4c3e`,
    `  open.spotify.com/playlist/${id}  `,
    `https://open.spotify.com/intl-de/playlist/${id}`,
    `https://open.spotify.com/user/spotify/playlist/${id}`,
    `spotify:playlist:${id}`,
    `spotify:user:spotify:playlist:${id}`,
  ])('reads the id of %s', (text) => {
    expect(spotifyPlaylistId(text)).toBe(id);
  });

  it.each([
    `https://open.spotify.com/artist/${id}`,
    `https://open.spotify.com/playlist/${id.slice(1)}`,
    `https://evil.example/open.spotify.com/playlist/${id}`,
    `spotify:album:${id}`,
    'Lantern Nights',
    '',
  ])('refuses %s', (text) => {
    expect(spotifyPlaylistId(text)).toBeNull();
  });
});
