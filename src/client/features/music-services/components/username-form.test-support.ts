import { waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { StubAnswer } from '#tests/component/render-page.tsx';

/** GET …/connections of a fan with nothing connected, on a server offering Last.fm and ListenBrainz (no Spotify). */
export const noConnections: StubAnswer = {
  status: 200,
  json: { spotify: { configured: false, redirectUri: null }, sources: ['lastfm', 'listenbrainz'], connections: [] },
};

/** The parts of a username form (the preview or Keep in sync) its component test reads. */
export interface UsernameFormParts {
  username: () => HTMLInputElement;
  submit: () => HTMLElement;
  alert: () => HTMLElement | null;
}

/**
 * Both username forms share `checkUsername`: an empty name gets the page's message and marks the
 * box; a name no service allows gets the server's schema message; neither is sent.
 */
export async function expectUsernameChecks(
  user: ReturnType<typeof userEvent.setup>,
  form: UsernameFormParts,
  sent: unknown[],
): Promise<void> {
  await user.click(form.submit());
  await waitFor(() => expect(form.alert()?.textContent).toBe('Enter your username.'));
  expect(form.username().getAttribute('aria-invalid')).toBe('true');

  await user.type(form.username(), 'fan/../x');
  await user.click(form.submit());
  await waitFor(() =>
    expect(form.alert()?.textContent).toBe('A username has only letters, digits, dots, dashes and underscores'),
  );
  expect(sent).toHaveLength(0);
}
