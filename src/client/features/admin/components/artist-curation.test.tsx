import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminArtistDetail } from '#shared/admin-artists.ts';
import { findToast, renderPage } from '#tests/component/render-page.tsx';
import { ManageArtistDialog } from './artist-curation.tsx';

const detail: AdminArtistDetail = {
  id: '6c1d3a52-0b9e-4d1f-9a43-2f1c0f1e7a10',
  name: 'Amber Skies',
  slug: 'amber-skies',
  mbid: null,
  genres: ['indie'],
  impact: { tours: 1, stops: 3, pendingStops: 0, followers: 2, fanShows: 0, photos: 0, setlists: 0, hasImage: false },
};

function renderManage() {
  const sent: unknown[] = [];
  renderPage(<ManageArtistDialog slug="amber-skies" onClose={() => {}} />, {
    path: '/admin/artists',
    answer: ({ method, path, body }) => {
      if (path === '/api/admin/catalog/artists/amber-skies' && method === 'GET') return { status: 200, json: detail };
      if (path === '/api/admin/catalog/artists/amber-skies' && method === 'PATCH') {
        sent.push(body);
        return { status: 200, json: { ...detail, ...(body as object) } };
      }
      throw new Error(`No stubbed answer for ${method} ${path}`);
    },
  });
  return sent;
}

describe('the artist edit form (on react-hook-form through useValidatedForm)', () => {
  it('refuses what the server would, in the same toast; a valid edit is sent', async () => {
    const user = userEvent.setup();
    const sent = renderManage();
    const mbid = await screen.findByLabelText('MusicBrainz ID');
    await user.type(mbid, 'not-an-id');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findToast('Not saved');
    expect(sent).toHaveLength(0);

    await user.clear(mbid);
    await user.type(mbid, ' 5B11F4CE-A62D-471E-81FC-A69A8278C7DA ');
    await user.clear(screen.getByLabelText('Genres'));
    await user.type(screen.getByLabelText('Genres'), 'indie, , dream pop ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await findToast('Artist saved');
    expect(sent).toEqual([
      { name: 'Amber Skies', genres: ['indie', 'dream pop'], mbid: '5b11f4ce-a62d-471e-81fc-a69a8278c7da' },
    ]);
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Amber Skies'));
  });
});
