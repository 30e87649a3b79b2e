import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, type StubAnswer } from '#tests/component/render-page.tsx';
import { AdminLoadingMessagesPage } from './admin-loading-messages-page.tsx';

/** The page with no messages yet; `add` answers POST /api/admin/loading-messages. */
function renderMessages(add: (body: unknown) => StubAnswer) {
  const sent: unknown[] = [];
  renderPage(<AdminLoadingMessagesPage />, {
    path: '/admin/loading-messages',
    answer: ({ method, path, body }) => {
      if (path === '/api/admin/loading-messages' && method === 'GET') return { status: 200, json: { messages: [] } };
      if (path === '/api/admin/loading-messages' && method === 'POST') {
        sent.push(body);
        return add(body);
      }
      throw new Error(`No stubbed answer for ${method} ${path}`);
    },
  });
  return sent;
}

const newMessage = () => screen.getByLabelText('New message') as HTMLInputElement;
const addMessage = () => screen.getByRole('button', { name: 'Add message' }) as HTMLButtonElement;

describe('the new loading message form (on react-hook-form through useValidatedForm)', () => {
  it('waits for text, sends it trimmed and empties the field', async () => {
    const user = userEvent.setup();
    const message = { id: 'm1', text: 'Tuning the guitars', enabled: true, position: 0 };
    const sent = renderMessages(() => ({ status: 201, json: message }));
    expect(addMessage().disabled).toBe(true);
    await user.type(newMessage(), '   ');
    expect(addMessage().disabled).toBe(true);
    // Enter in a blank field sends nothing.
    await user.type(newMessage(), '{Enter}');
    expect(sent).toHaveLength(0);
    await user.type(newMessage(), 'Tuning the guitars ');
    await user.click(addMessage());
    await waitFor(() => expect(newMessage().value).toBe(''));
    expect(sent).toEqual([{ text: 'Tuning the guitars' }]);
  });

  it("shows the server's refusal as the page's error toast and keeps the text", async () => {
    const user = userEvent.setup();
    renderMessages(() => ({
      status: 409,
      json: { error: { code: 'CONFLICT', message: 'That message is already there' } },
    }));
    await user.type(newMessage(), 'Tuning the guitars');
    await user.click(addMessage());
    await screen.findByText('That message is already there');
    expect(newMessage().value).toBe('Tuning the guitars');
  });
});
