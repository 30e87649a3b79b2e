import { render } from '@testing-library/react';
import { Star, Ticket } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { IconSprite, SpriteIcon } from './sprite-icon.tsx';

describe('icons from the page sprite', () => {
  it('uses the symbol drawn once per page, leaving the fill to the icon', () => {
    const { container } = render(
      <IconSprite icons={[Star, Ticket]}>
        <SpriteIcon icon={Star} className="fill-current" />
        <SpriteIcon icon={Star} />
        <SpriteIcon icon={Ticket} className="size-4" />
      </IconSprite>,
    );
    const uses = [...container.querySelectorAll('use')].map((use) => use.getAttribute('href'));
    expect(uses).toEqual(['#icon-Star', '#icon-Star', '#icon-Ticket']);
    const symbols = container.querySelectorAll('symbol');
    expect([...symbols].map((symbol) => symbol.id)).toEqual(['icon-Star', 'icon-Ticket']);
    // The symbol's drawing inherits its fill, so a class on the icon fills it (a chosen Interested).
    expect(symbols[0]!.querySelector('svg')!.getAttribute('fill')).toBe('inherit');
    const [filled, plain] = container.querySelectorAll('svg:has(> use)');
    expect(filled!.getAttribute('class')).toBe('sprite-icon fill-current');
    // Sized 24 px and unfilled by its class (styles.css), as lucide's attributes do.
    expect(plain!.getAttribute('class')).toBe('sprite-icon');
    expect(plain!.getAttribute('aria-hidden')).toBe('true');
  });

  it("draws lucide's inline icon outside a sprite, or for an icon the sprite does not hold", () => {
    const { container } = render(
      <>
        <SpriteIcon icon={Star} className="size-4" />
        <IconSprite icons={[Ticket]}>
          <SpriteIcon icon={Star} />
        </IconSprite>
      </>,
    );
    expect(container.querySelectorAll('use')).toHaveLength(0);
    const stars = container.querySelectorAll('svg.lucide-star');
    expect(stars).toHaveLength(2);
    expect(stars[0]!.getAttribute('aria-hidden')).toBe('true');
  });
});
