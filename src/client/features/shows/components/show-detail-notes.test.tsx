import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ADD_SHOW_MESSAGES } from '#shared/add-show.ts';
import type { ShowDetail } from '#shared/show-detail.ts';
import { SHOW_LIMITS } from '#shared/shows.ts';
import { findToast, renderPage, type StubAnswer } from '#tests/component/render-page.tsx';
import { ShowDetailNotes } from './show-detail-notes.tsx';

const stopId = '6c1d3a52-0b9e-4d1f-9a43-2f1c0f1e7a05';
type Mine = NonNullable<ShowDetail['mine']>;
const attended: Mine = {
  state: 'attended',
  hasTickets: false,
  seat: null,
  notes: null,
  rating: null,
  companions: null,
  photos: [],
};

/** The notes form of a show the fan went to; `patch` answers PATCH …/details. */
function renderNotes(mine: Mine, patch: (body: unknown) => StubAnswer) {
  const sent: unknown[] = [];
  renderPage(<ShowDetailNotes stopId={stopId} mine={mine} />, {
    answer: ({ method, path, body }) => {
      if (method === 'PATCH' && path === `/api/shows/${stopId}/details`) {
        sent.push(body);
        return patch(body);
      }
      throw new Error(`No stubbed answer for ${method} ${path}`);
    },
  });
  return sent;
}

const save = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const notes = () => screen.getByLabelText('Notes') as HTMLTextAreaElement;

describe('the show notes form (on react-hook-form through useValidatedForm)', () => {
  it('says when the notes are too long and waits; a change is sent with the rating and companions', async () => {
    const user = userEvent.setup();
    const sent = renderNotes(attended, (body) => ({ status: 200, json: body }));
    screen.getByRole('heading', { name: 'Your night' });
    expect(save().disabled).toBe(true);

    await user.click(notes());
    await user.paste('x'.repeat(SHOW_LIMITS.notesMax + 1));
    screen.getByText(`— ${ADD_SHOW_MESSAGES.notesTooLong}`, { exact: false });
    expect(notes().getAttribute('aria-invalid')).toBe('true');
    expect(save().disabled).toBe(true);
    // Enter in the companions field submits the form: nothing is sent while the notes are too long.
    await user.type(screen.getByLabelText('Who you went with'), 'Sam{Enter}');
    expect(sent).toHaveLength(0);

    await user.clear(notes());
    await user.type(notes(), 'Encore was long');
    await user.click(screen.getByRole('radio', { name: '4 stars' }));
    await user.click(save());
    await findToast('Saved');
    expect(sent).toEqual([{ notes: 'Encore was long', rating: 4, companions: 'Sam' }]);
  });

  it("shows the server's refusal above Save; a show not yet attended sends its notes only", async () => {
    const user = userEvent.setup();
    const sent = renderNotes({ ...attended, state: 'going' }, () => ({
      status: 400,
      json: { error: { code: 'VALIDATION_ERROR', message: 'Notes could not be saved' } },
    }));
    screen.getByRole('heading', { name: 'Your notes' });
    expect(screen.queryByRole('radio', { name: '4 stars' })).toBeNull();
    await user.type(notes(), 'Meet at the gate');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe('Notes could not be saved');
    expect(sent).toEqual([{ notes: 'Meet at the gate' }]);
    await waitFor(() => expect(save().disabled).toBe(false));
  });
});
