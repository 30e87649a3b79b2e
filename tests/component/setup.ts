import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach } from 'vitest';
import { resetFetch, stubbedFetch } from './stub-fetch.ts';

// Installed before any module of the page loads: clients that keep a reference to fetch from their
// creation (Better Auth's) reach the stub too.
globalThis.fetch = stubbedFetch;
window.fetch = stubbedFetch;

// `findBy…` and `waitFor` wait up to 5 s, not 1: a page's lazy parts load through dynamic imports,
// which took over a second on a loaded 2-core machine (four component tests failed so in a full run).
configure({ asyncUtilTimeout: 5_000 });

// Browsers refuse focus to a form control inside a disabled fieldset (HTML's "actually disabled", outside
// the fieldset's first legend); happy-dom only checks the control's own `disabled`. Refused here as in a
// browser, so a form that moves focus while its busy fieldset is disabled fails its test as it fails a fan.
const focusElement = HTMLElement.prototype.focus;
HTMLElement.prototype.focus = function focusUnlessInDisabledFieldset(this: HTMLElement, options?: FocusOptions) {
  if (isInDisabledFieldset(this)) return;
  focusElement.call(this, options);
};

function isInDisabledFieldset(element: HTMLElement): boolean {
  const isControl =
    element instanceof HTMLInputElement ||
    element instanceof HTMLButtonElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement;
  const fieldset = element.closest('fieldset[disabled]');
  if (!isControl || !fieldset) return false;
  const legend = fieldset.querySelector(':scope > legend');
  return !legend?.contains(element);
}

afterEach(() => {
  cleanup();
  resetFetch();
});

// A toast closed at the end of a file's last test removes itself 200 ms later (sonner's exit
// animation, a plain timer): let it run while the page's window still exists. Fired after the file's
// environment is torn down, React's state update met no `window` and failed the run.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 300)));
