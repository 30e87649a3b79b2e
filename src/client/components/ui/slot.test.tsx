import { render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button.tsx';
import { Slot } from './slot.tsx';

describe('Slot', () => {
  it("renders the child with the slot's props, both classNames and both handlers (the child's first)", () => {
    const calls: string[] = [];
    render(
      <Slot className="slot-class" title="from the slot" onClick={() => calls.push('slot')} aria-describedby="a b">
        <a
          href="/x"
          className="child-class"
          title="from the child"
          onClick={() => calls.push('child')}
          aria-describedby="b c"
        >
          Go
        </a>
      </Slot>,
    );
    const link = screen.getByRole('link', { name: 'Go' });
    expect(link.className).toBe('slot-class child-class');
    expect(link.getAttribute('title')).toBe('from the child');
    expect(link.getAttribute('aria-describedby')).toBe('b c a');
    link.click();
    expect(calls).toEqual(['child', 'slot']);
  });

  it('sets both refs and merges styles', () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = vi.fn();
    render(
      <Slot ref={slotRef} style={{ color: 'red', margin: 0 }}>
        <span ref={childRef} style={{ color: 'blue' }}>
          Styled
        </span>
      </Slot>,
    );
    const span = screen.getByText('Styled');
    expect(slotRef.current).toBe(span);
    expect(childRef).toHaveBeenCalledWith(span);
    expect(span.style.color).toBe('blue');
    expect(span.style.margin).toBe('0px');
  });

  it("styles a Button's asChild link as the button, with no type attribute", () => {
    render(
      <Button asChild variant="outline" size="sm" className="self-start">
        <a href="/tour/x">View Tour Dates</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'View Tour Dates' });
    expect(link.className).toContain('border-border-strong');
    expect(link.className).toContain('h-9 px-4');
    expect(link.className).toMatch(/ self-start$/);
    expect(link.hasAttribute('type')).toBe(false);
  });
});
