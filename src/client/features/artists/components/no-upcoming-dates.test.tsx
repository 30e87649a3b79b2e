import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FollowPart } from '#client/lib/feature-parts.ts';
import { renderPage } from '#tests/component/render-page.tsx';
import { NoUpcomingDates } from './tour-dates.tsx';

/** The favorites feature's Follow, as the tour page is handed it: here only its label matters. */
const Follow: FollowPart = ({ artistName, label }) => (
  <button type="button">{`${label ?? 'Follow'} ${artistName}`}</button>
);

describe('a tour page without upcoming dates', () => {
  it('says so and offers Follow anyway, Add a show and Find their tour page', async () => {
    renderPage(<NoUpcomingDates artistName="Copper Wrens" artistSlug="copper-wrens" Follow={Follow} />);
    await screen.findByText('No upcoming tour dates for Copper Wrens right now.');
    screen.getByText(
      "None of our tour-date sources lists a show yet. Follow them and we'll tell you when the first date is announced.",
    );
    screen.getByRole('button', { name: 'Follow anyway Copper Wrens' });
    expect(screen.getByRole('link', { name: 'Add a show' }).getAttribute('href')).toBe('/add-show');
    expect(screen.getByRole('link', { name: 'Find their tour page' }).getAttribute('href')).toBe('/tour-web');
  });
});
