import { type RefCallback, useCallback } from 'react';
import { useNavigate } from 'react-router';

/** A click the browser should keep: another button, a modifier key (new tab or window), or one handled already. */
function isPlainClick(event: MouseEvent): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}

/** The app path a plain anchor leads to, or null when it is not one the router should take. */
function appPathOf(anchor: HTMLAnchorElement): string | null {
  const href = anchor.getAttribute('href');
  if (!href?.startsWith('/') || href.startsWith('//')) return null;
  if (anchor.hasAttribute('download') || (anchor.target !== '' && anchor.target !== '_self')) return null;
  return href;
}

/**
 * Plain `<a href="/…">` links inside the element given this ref navigate inside the app as React
 * Router's `<Link>` does, through one click listener for the whole element. A list of hundreds of
 * rows (a tour's 200 stops, two links each) renders its links as plain anchors: a `<Link>` runs a
 * dozen hooks each time it renders, a fifth of the server render of such a page (issue 25). A click
 * with a modifier key or another button, or on a link with a target or a download, stays the
 * browser's (a new tab, a download), as with `<Link>`.
 */
export function useAppLinks<T extends HTMLElement>(): RefCallback<T> {
  const navigate = useNavigate();
  return useCallback(
    (element: T | null) => {
      if (!element) return;
      const onClick = (event: MouseEvent) => {
        if (!isPlainClick(event) || !(event.target instanceof Element)) return;
        const anchor = event.target.closest('a');
        const path = anchor && element.contains(anchor) ? appPathOf(anchor) : null;
        if (path === null) return;
        event.preventDefault();
        void navigate(path);
      };
      element.addEventListener('click', onClick);
      return () => element.removeEventListener('click', onClick);
    },
    [navigate],
  );
}
