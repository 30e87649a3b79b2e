import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { meUser } from '#tests/component/me-user.ts';
import { clearUserState, endSession, meQueryKey, sessionJustEndedHere } from './session.ts';

const user = meUser({ fullName: 'Fan' });

const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));

function clientWithUserData(): QueryClient {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(meQueryKey, user);
  queryClient.setQueryData(['favorites', 'mine'], ['band-a']);
  queryClient.setQueryData(['artists', 'list', { page: 1 }], { artists: [] });
  return queryClient;
}

describe('clearUserState', () => {
  let queryClient: QueryClient;
  afterEach(() => queryClient.clear());

  it('turns the session null at once and drops the signed-out user’s cached data a tick later', async () => {
    queryClient = clientWithUserData();
    clearUserState(queryClient);
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
    // Still there for this render: signed-in pages unmount before anything is dropped or refetched.
    expect(queryClient.getQueryData(['favorites', 'mine'])).toEqual(['band-a']);
    await nextTick();
    expect(queryClient.getQueryData(['favorites', 'mine'])).toBeUndefined();
    expect(queryClient.getQueryData(['artists', 'list', { page: 1 }])).toBeUndefined();
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
  });

  it('keeps what a mounted page shows and fetches it again as a visitor', async () => {
    queryClient = clientWithUserData();
    let fetches = 0;
    const observer = new QueryObserver(queryClient, {
      queryKey: ['artists', 'list', { page: 1 }],
      queryFn: async () => {
        fetches += 1;
        return { artists: [] };
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    const stopObserving = observer.subscribe(() => {});
    expect(fetches).toBe(0);
    clearUserState(queryClient);
    await nextTick();
    await nextTick();
    expect(fetches).toBe(1);
    expect(queryClient.getQueryData(['favorites', 'mine'])).toBeUndefined();
    stopObserving();
  });
});

describe('endSession', () => {
  it('remembers for a moment that this tab signed out on purpose', () => {
    const queryClient = clientWithUserData();
    expect(sessionJustEndedHere()).toBe(false);
    endSession(queryClient);
    expect(sessionJustEndedHere()).toBe(true);
    expect(queryClient.getQueryData(meQueryKey)).toBeNull();
    queryClient.clear();
  });
});
