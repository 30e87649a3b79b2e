import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '#tests/component/render-page.tsx';
import { useAppLinks } from './use-app-links.ts';

const Links = () => {
  const appLinks = useAppLinks<HTMLUListElement>();
  return (
    <ul ref={appLinks}>
      <li>
        <a href="/venue/the-anthem">
          <span>The Anthem</span>
        </a>
      </li>
      <li>
        <a href="/guide/band/stop" target="_blank" rel="noopener">
          New tab
        </a>
      </li>
      <li>
        <a href="https://tickets.example/1">Tickets</a>
      </li>
    </ul>
  );
};

/**
 * A click as the browser dispatches it: whether the router took it (prevented its default). The
 * window's listener, the last one it reaches, then stops happy-dom from following the link itself.
 */
function click(element: Element, init: MouseEventInit = {}): boolean {
  let taken = false;
  const settle = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', settle, { once: true });
  fireEvent(element, new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  return taken;
}

describe('plain links a list routes in the app', () => {
  it('navigates in the app on a plain click, also from inside the link', () => {
    const { location } = renderPage(<Links />, { path: '/tour/band' });
    expect(click(screen.getByText('The Anthem'))).toBe(true);
    expect(location()).toBe('/venue/the-anthem');
  });

  it('leaves modified clicks, links with a target and other sites to the browser', () => {
    const { location } = renderPage(<Links />, { path: '/tour/band' });
    expect(click(screen.getByText('The Anthem'), { ctrlKey: true })).toBe(false);
    expect(click(screen.getByText('The Anthem'), { button: 1 })).toBe(false);
    expect(click(screen.getByText('New tab'))).toBe(false);
    expect(click(screen.getByText('Tickets'))).toBe(false);
    expect(location()).toBe('/tour/band');
  });
});
