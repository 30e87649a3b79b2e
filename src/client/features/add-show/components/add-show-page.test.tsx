import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADD_SHOW_MESSAGES } from '#shared/add-show.ts';
import { meUser } from '#tests/component/me-user.ts';
import { expectToast, renderPage, type StubAnswer } from '#tests/component/render-page.tsx';
import { AddShowPage } from './add-show-page.tsx';

const fan = meUser();

const stopId = '6c1d3a52-0b9e-4d1f-9a43-2f1c0f1e7a09';

/** /add-show for a signed-in fan; `add` answers POST /api/add-show. */
function renderAddShow(add: (body: unknown) => StubAnswer) {
  const sent: unknown[] = [];
  const page = renderPage(<AddShowPage />, {
    path: '/add-show',
    answer: ({ method, path, body }) => {
      if (path === '/api/me') return { status: 200, json: { user: fan } };
      if (path === '/api/search/artists') {
        return { status: 200, json: { matches: [{ name: 'Copper Tide', slug: 'copper-tide', tourCount: 2 }] } };
      }
      if (path === '/api/add-show/venues') {
        const hall = { name: 'Diamond Hall', slug: 'diamond-hall-nagoya-jp', city: 'Nagoya', region: 'Aichi' };
        return { status: 200, json: { venues: [{ ...hall, country: 'JP' }] } };
      }
      if (path === '/api/add-show' && method === 'POST') {
        sent.push(body);
        return add(body);
      }
      throw new Error(`No stubbed answer for ${method} ${path}`);
    },
  });
  return { sent, page };
}

const addShow = () => screen.getByRole('button', { name: 'Add Show' });

async function pick(user: ReturnType<typeof userEvent.setup>, label: string, text: string, option: RegExp) {
  await user.type(await screen.findByRole('combobox', { name: label }), text);
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the add-show form (on react-hook-form through useValidatedForm)', () => {
  it('shows every problem under its field; a valid show is sent and its page opens', async () => {
    const user = userEvent.setup();
    const { sent, page } = renderAddShow(() => ({
      status: 201,
      json: { stopId, linked: false, state: 'attended', pending: true },
    }));
    await user.click(await screen.findByRole('button', { name: 'Add Show' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      ADD_SHOW_MESSAGES.artistRequired,
      ADD_SHOW_MESSAGES.dateOutOfRange,
      ADD_SHOW_MESSAGES.venueRequired,
    ]);
    expect(screen.getByRole('combobox', { name: 'Artist' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Date').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);

    await pick(user, 'Artist', 'Copp', /Copper Tide/);
    await pick(user, 'Venue', 'Diam', /Diamond Hall/);
    await user.type(screen.getByLabelText('Date'), '2024-05-04');
    await user.type(screen.getByLabelText(/^Notes/), 'Front row');
    screen.getByText('9 / 5,000');
    await user.click(addShow());
    await expectToast('Added to your shows: I was there', 'We will review the new tour date.');
    expect(sent).toEqual([
      {
        artist: { kind: 'catalog', slug: 'copper-tide' },
        venue: { kind: 'catalog', slug: 'diamond-hall-nagoya-jp' },
        date: '2024-05-04',
        notes: 'Front row',
        today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    ]);
    await waitFor(() => expect(page.location()).toBe(`/shows/${stopId}`));
  });

  it("shows the server's refusal above the form and keeps what was typed", async () => {
    const user = userEvent.setup();
    renderAddShow(() => ({
      status: 404,
      json: { error: { code: 'NOT_FOUND', message: ADD_SHOW_MESSAGES.unknownVenue } },
    }));
    await pick(user, 'Artist', 'Copp', /Copper Tide/);
    await pick(user, 'Venue', 'Diam', /Diamond Hall/);
    await user.type(screen.getByLabelText('Date'), '2024-05-04');
    await user.click(addShow());
    expect((await screen.findByRole('alert')).textContent).toBe(ADD_SHOW_MESSAGES.unknownVenue);
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2024-05-04');
    expect((addShow() as HTMLButtonElement).disabled).toBe(false);
  });
});
