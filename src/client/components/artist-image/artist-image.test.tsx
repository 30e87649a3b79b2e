import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArtistImage } from './artist-image.tsx';

const SRC = '/files/artist-images/abc.webp';

describe('ArtistImage', () => {
  it('a priority picture is there at once, fetched eagerly at high priority, with nothing drawn over it', () => {
    const { container } = render(<ArtistImage src={SRC} seed="band" priority />);
    const image = container.querySelector('img');
    expect(image?.getAttribute('src')).toBe(SRC);
    expect(image?.getAttribute('loading')).toBe('eager');
    expect(image?.fetchPriority ?? image?.getAttribute('fetchpriority')).toBe('high');
    expect(image?.className).not.toContain('opacity-0');
    // The placeholder (its music note) stays away while the picture is the one to show.
    expect(container.querySelector('svg')).toBeNull();
  });

  it('any other picture waits until it nears the viewport, showing the placeholder meanwhile', () => {
    const { container } = render(<ArtistImage src={SRC} seed="band" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
