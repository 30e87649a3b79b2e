import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type TipView, tipMessages } from '#shared/guides.ts';
import { meUser } from '#tests/component/me-user.ts';
import { findToast, renderPage, type StubAnswer } from '#tests/component/render-page.tsx';
import { TipsSection } from './tips-section.tsx';

const fan = meUser();

const tipsPath = '/api/guides/venues/diamond-hall-nagoya-jp/tips';

/** A signed-in fan's tips section; `add` answers POST of a tip. */
function renderTips(add: (body: unknown) => StubAnswer) {
  const sent: unknown[] = [];
  renderPage(<TipsSection venueSlug="diamond-hall-nagoya-jp" venueName="Diamond Hall" />, {
    answer: ({ method, path, body }) => {
      if (path === '/api/me') return { status: 200, json: { user: fan } };
      if (path === tipsPath && method === 'GET') return { status: 200, json: { tips: [] } };
      if (path === tipsPath && method === 'POST') {
        sent.push(body);
        return add(body);
      }
      throw new Error(`No stubbed answer for ${method} ${path}`);
    },
  });
  return sent;
}

const addTip = () => screen.getByRole('button', { name: 'Add tip' });
const text = () => screen.getByLabelText('Your tip') as HTMLTextAreaElement;

describe('the add-tip form (on react-hook-form through useValidatedForm)', () => {
  it('shows the shared messages under the text; a valid tip is sent and the form empties', async () => {
    const user = userEvent.setup();
    const tip = { id: 't1', category: 'getting-in', text: 'Use the north gate', state: 'pending' } as TipView;
    const sent = renderTips(() => ({ status: 201, json: tip }));
    await screen.findByText('No tips for Diamond Hall yet. Be the first!');
    await user.click(await screen.findByRole('button', { name: 'Add tip' }));
    expect((await screen.findByRole('alert')).textContent).toBe(tipMessages.category);

    await user.selectOptions(screen.getByLabelText('What is it about?'), 'Getting in');
    await user.type(text(), 'short');
    await user.click(addTip());
    expect((await screen.findByText(tipMessages.tooShort)).getAttribute('role')).toBe('alert');
    expect(text().getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);

    await user.clear(text());
    await user.type(text(), '  Use the north gate  ');
    screen.getByText('18/500 characters, plain text');
    await user.click(addTip());
    await findToast(tipMessages.pending);
    expect(sent).toEqual([{ category: 'getting-in', text: 'Use the north gate' }]);
    await waitFor(() => expect(text().value).toBe(''));
    expect((screen.getByLabelText('What is it about?') as HTMLSelectElement).value).toBe('');
    expect(screen.queryByText(tipMessages.tooShort)).toBeNull();
  });

  it("shows the server's refusal under the text", async () => {
    const user = userEvent.setup();
    renderTips(() => ({ status: 409, json: { error: { code: 'CONFLICT', message: tipMessages.duplicate } } }));
    await user.selectOptions(await screen.findByLabelText('What is it about?'), 'Getting in');
    await user.type(text(), 'Use the north gate');
    await user.click(addTip());
    expect((await screen.findByText(tipMessages.duplicate)).getAttribute('role')).toBe('alert');
    expect(text().value).toBe('Use the north gate');
  });
});
