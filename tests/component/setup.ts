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

afterEach(() => {
  cleanup();
  resetFetch();
});

// A toast closed at the end of a file's last test removes itself 200 ms later (sonner's exit
// animation, a plain timer): let it run while the page's window still exists. Fired after the file's
// environment is torn down, React's state update met no `window` and failed the run.
afterAll(() => new Promise<void>((resolve) => setTimeout(resolve, 300)));
