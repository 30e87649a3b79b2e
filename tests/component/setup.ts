import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { resetFetch, stubbedFetch } from './stub-fetch.ts';

// Installed before any module of the page loads: clients that keep a reference to fetch from their
// creation (Better Auth's) reach the stub too.
globalThis.fetch = stubbedFetch;
window.fetch = stubbedFetch;

afterEach(() => {
  cleanup();
  resetFetch();
});
