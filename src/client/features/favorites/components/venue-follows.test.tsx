import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FollowedVenue, VenueFollowChange } from '#shared/favorites.ts';
import { expectToast, type FetchStub, renderPage } from '#tests/component/render-page.tsx';
import { FollowedVenues } from './followed-venues.tsx';
import { VenueFollowButton } from './venue-follow-button.tsx';

const roundhouse: FollowedVenue = {
  venueName: 'The Roundhouse',
  venueSlug: 'the-roundhouse-london',
  city: 'London',
  region: null,
  country: 'GB',
  followedAt: '2027-01-02T10:00:00Z',
};

/** A fan's venues held by the stub: PUT and DELETE change them as the server does. */
function venuesServer(initial: FollowedVenue[]) {
  let venues = [...initial];
  const calls: string[] = [];
  const answer: FetchStub = ({ method, path }) => {
    calls.push(`${method} ${path}`);
    if (path === '/api/favorites/venues') return { status: 200, json: { venues } };
    const slug = decodeURIComponent(path.replace('/api/favorites/venues/', ''));
    const venue = roundhouse.venueSlug === slug ? roundhouse : null;
    if (!venue) return { status: 404, json: { error: { code: 'NOT_FOUND', message: 'Venue not found' } } };
    if (method === 'PUT' && !venues.some((each) => each.venueSlug === slug)) venues = [...venues, venue];
    if (method === 'DELETE') venues = venues.filter((each) => each.venueSlug !== slug);
    const change: VenueFollowChange = {
      venueSlug: slug,
      venueName: venue.venueName,
      following: venues.some((each) => each.venueSlug === slug),
    };
    return { status: 200, json: change };
  };
  return { answer, calls };
}

describe('followed venues (My Artists)', () => {
  it('lists the venues; Unfollow removes one and Undo in its toast follows it again', async () => {
    const user = userEvent.setup();
    const server = venuesServer([roundhouse]);
    renderPage(<FollowedVenues />, { answer: server.answer });
    const link = await screen.findByRole('link', { name: 'The Roundhouse' });
    expect(link.getAttribute('href')).toBe('/venue/the-roundhouse-london');
    screen.getByText('London, United Kingdom');

    await user.click(screen.getByRole('button', { name: 'Unfollow The Roundhouse' }));
    await expectToast('Venue unfollowed', 'The Roundhouse has been removed from your venues');
    await screen.findByText(/No venues yet/);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByRole('link', { name: 'The Roundhouse' });
    expect(server.calls).toContain('PUT /api/favorites/venues/the-roundhouse-london');
  });

  it('says how to follow one when there are none', async () => {
    renderPage(<FollowedVenues />, { answer: venuesServer([]).answer });
    await screen.findByText(
      'No venues yet. Open a venue from any show and press Follow venue to hear about every show there.',
    );
  });
});

describe('Follow venue (venue page)', () => {
  it('is a toggle naming the venue, pressed once the fan follows', async () => {
    const user = userEvent.setup();
    renderPage(<VenueFollowButton session="signed-in" venueSlug={roundhouse.venueSlug} venueName="The Roundhouse" />, {
      answer: venuesServer([]).answer,
    });
    const follow = await screen.findByRole('button', { name: 'Follow The Roundhouse' });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    expect(follow.textContent).toBe('Follow venue');
    await user.click(follow);
    await expectToast('Following venue', "We'll tell you about every new show at The Roundhouse");
    const following = await screen.findByRole('button', { name: 'Unfollow The Roundhouse' });
    expect(following.getAttribute('aria-pressed')).toBe('true');
    expect(following.textContent).toBe('Following venue');
  });

  it("a visitor's Follow venue goes to sign-in and comes back to the venue", async () => {
    const user = userEvent.setup();
    const page = renderPage(
      <VenueFollowButton session="signed-out" venueSlug={roundhouse.venueSlug} venueName="The Roundhouse" />,
      { path: '/venue/the-roundhouse-london' },
    );
    await user.click(screen.getByRole('link', { name: 'Sign in to follow The Roundhouse' }));
    await waitFor(() => expect(page.location()).toBe('/auth?returnTo=%2Fvenue%2Fthe-roundhouse-london'));
  });
});
