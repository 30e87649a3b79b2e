import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, type StubAnswer } from '#tests/component/render-page.tsx';
import { MusicServicesPage } from './music-services-page.tsx';
import { expectUsernameChecks, noConnections } from './username-form.test-support.ts';

const noService: StubAnswer = { status: 503, json: { error: { code: 'UNAVAILABLE', message: 'Not in this test' } } };

/** /music-services offering Last.fm; `preview` answers POST …/preview; the page's other parts get nothing. */
function renderMusic(preview: (body: unknown) => StubAnswer) {
  const sent: unknown[] = [];
  renderPage(<MusicServicesPage spotifyExport={null} />, {
    path: '/music-services',
    answer: ({ method, path, body }) => {
      if (path === '/api/music-services/connections') return noConnections;
      if (method === 'POST' && path === '/api/music-services/preview') {
        sent.push(body);
        return preview(body);
      }
      return noService;
    },
  });
  return sent;
}

const username = () => screen.getByLabelText('Last.fm username') as HTMLInputElement;
/** The preview form's own message (the page's other parts have theirs). */
const formAlert = () => within(screen.getByRole('form', { name: 'Preview your top artists' })).queryByRole('alert');
const previewButton = () => screen.getByRole('button', { name: 'Preview top artists' });

describe('the listening preview form (on react-hook-form through useValidatedForm)', () => {
  it('asks for a username, refuses what no service allows, then sends the preview request', async () => {
    const user = userEvent.setup();
    const sent = renderMusic((body) => ({
      status: 200,
      json: { ...(body as object), source: 'lastfm', artists: [], notice: 'Nothing to show yet.' },
    }));
    await expectUsernameChecks(user, { username, submit: previewButton, alert: formAlert }, sent);

    await user.clear(username());
    await user.type(username(), ' tia_t ');
    await user.selectOptions(screen.getByLabelText('Period'), 'Last month');
    await user.click(previewButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ source: 'lastfm', username: 'tia_t', period: 'month', limit: 50 });
    await waitFor(() => expect(formAlert()).toBeNull());
  });

  it("shows the service's refusal under the form", async () => {
    const user = userEvent.setup();
    const refusal = 'Last.fm has no user called “nobody”. Check the spelling of the username.';
    renderMusic(() => ({ status: 404, json: { error: { code: 'NOT_FOUND', message: refusal } } }));
    await user.type(username(), 'nobody');
    await user.click(previewButton());
    await waitFor(() => expect(formAlert()?.textContent).toBe(refusal));
  });
});
