import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MusicConnection, MusicSyncResult } from '#shared/music-services-sync.ts';
import { expectToast, renderPage, type StubAnswer } from '#tests/component/render-page.tsx';
import { MusicSyncSettings } from './music-sync-settings.tsx';
import { expectUsernameChecks, noConnections } from './username-form.test-support.ts';

const connected: MusicConnection = {
  id: '3f1c2a4b-5d6e-4f70-8a9b-0c1d2e3f4a5b',
  source: 'listenbrainz',
  username: 'tia_t',
  status: 'connected',
  mode: 'auto',
  period: 'half-year',
  lastSyncedAt: null,
  lastSummary: null,
  lastError: null,
  connectedAt: '2026-11-29T06:00:00.000Z',
};

const synced: MusicSyncResult = {
  connection: connected,
  summary: { added: 2, proposed: 0, alreadyFollowed: 0, excluded: 0, notMatched: 1 },
};

/** Keep in sync with nothing connected yet; `create` answers POST …/connections. */
function renderSync(create: (body: unknown) => StubAnswer) {
  const sent: unknown[] = [];
  renderPage(<MusicSyncSettings />, {
    path: '/music-services',
    answer: ({ method, path, body }) => {
      if (method === 'GET' && path === '/api/music-services/connections') return noConnections;
      if (method === 'POST' && path === '/api/music-services/connections') {
        sent.push(body);
        return create(body);
      }
      throw new Error(`No stubbed answer for ${method} ${path}`);
    },
  });
  return sent;
}

const syncForm = () => screen.getByRole('form', { name: 'Keep a username in sync' });
const username = () => within(syncForm()).getByLabelText('Username') as HTMLInputElement;
const formAlert = () => within(syncForm()).queryByRole('alert');
const keepInSync = () => within(syncForm()).getByRole('button', { name: 'Keep in sync' });

describe('the Keep in sync username form (on react-hook-form through useValidatedForm)', () => {
  it('asks for a username, refuses what no service allows, then sends the connection', async () => {
    const user = userEvent.setup();
    const sent = renderSync(() => ({ status: 201, json: synced }));
    await screen.findByRole('form', { name: 'Keep a username in sync' });

    await expectUsernameChecks(user, { username, submit: keepInSync, alert: formAlert }, sent);

    await user.clear(username());
    await user.type(username(), ' tia_t ');
    await user.selectOptions(within(syncForm()).getByLabelText('Service'), 'ListenBrainz');
    await user.selectOptions(within(syncForm()).getByLabelText('New artists found'), 'Follow them automatically');
    await user.click(keepInSync());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ source: 'listenbrainz', username: 'tia_t', period: 'half-year', mode: 'auto' });
    await expectToast('ListenBrainz kept in sync', '2 followed, 1 not in the catalog.');
    expect(formAlert()).toBeNull();
    expect(username().value).toBe('');
  });

  it("shows the service's refusal under the form", async () => {
    const user = userEvent.setup();
    const refusal = 'Last.fm has no user called “nobody”. Check the spelling of the username.';
    renderSync(() => ({ status: 404, json: { error: { code: 'NOT_FOUND', message: refusal } } }));
    await screen.findByRole('form', { name: 'Keep a username in sync' });
    await user.type(username(), 'nobody');
    await user.click(keepInSync());
    await waitFor(() => expect(formAlert()?.textContent).toBe(refusal));
    expect(username().value).toBe('nobody');
  });
});
