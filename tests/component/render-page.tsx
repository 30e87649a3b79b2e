import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { Toaster } from '#client/components/ui/toaster.tsx';
import { type FetchStub, type StubAnswer, setFetchStub } from './stub-fetch.ts';

export type { FetchStub, StubAnswer };

const signedOut: FetchStub = ({ path }) =>
  path === '/api/me' ? { status: 401, json: { error: { code: 'UNAUTHORIZED', message: 'Sign in' } } } : unhandled(path);

function unhandled(path: string): never {
  throw new Error(`No stubbed answer for ${path}`);
}

/** The router's current address, for tests that follow a link or a mode switch. */
const LocationProbe = () => {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
};

/**
 * Renders one page as the app does (query client, router at `path`, the toaster) in happy-dom,
 * with the network replaced by `answer` (default: a visitor, GET /api/me answers 401).
 */
export function renderPage(
  page: ReactNode,
  { path = '/', answer = signedOut }: { path?: string; answer?: FetchStub } = {},
) {
  setFetchStub(answer);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {page}
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, location: () => screen.getByTestId('location').textContent };
}

/** The toast showing `title` (toasts show one at a time), once it is there. */
export async function findToast(title: string): Promise<HTMLElement> {
  const heading = await screen.findByText(title, {}, { timeout: 5_000 });
  const card = heading.closest<HTMLElement>('[role="alert"], [role="status"]');
  if (!card) throw new Error(`The text "${title}" is not in a toast`);
  return card;
}

/** The toast with this title and message is shown (found by its message: titles repeat). */
export async function expectToast(title: string, message: string): Promise<void> {
  const card = await waitFor(
    () => {
      const inToast = screen
        .getAllByText(message)
        .map((text) => text.closest<HTMLElement>('[role="alert"], [role="status"]'))
        .find((found) => found?.closest('[data-sonner-toast]'));
      if (!inToast) throw new Error(`No toast says "${message}"`);
      return inToast;
    },
    { timeout: 5_000 },
  );
  within(card).getByText(title);
}

/** A reply held until the test releases it (a request in flight). */
export function heldAnswer(answer: StubAnswer): { reply: Promise<StubAnswer>; release: () => void } {
  let release = () => {};
  const reply = new Promise<StubAnswer>((resolve) => {
    release = () => resolve(answer);
  });
  return { reply, release };
}

export { signedOut, unhandled };
