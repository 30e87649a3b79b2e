import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { defaultNotificationPreferences, type NotificationPreferences } from '#shared/notifications.ts';
import { QUIET_HOURS_MESSAGES } from '#shared/notifications-api.ts';
import { expectToast, renderPage, type StubAnswer } from '#tests/component/render-page.tsx';
import { NotificationsSection } from './notifications-section.tsx';

/** Settings' Notifications card with the default choices saved; `save` answers the PUT. */
function renderPreferences(save: (body: NotificationPreferences) => StubAnswer) {
  const sent: NotificationPreferences[] = [];
  renderPage(<NotificationsSection />, {
    path: '/settings',
    answer: ({ method, path, body }) => {
      if (path !== '/api/notifications/preferences') throw new Error(`No stubbed answer for ${method} ${path}`);
      if (method === 'GET') return { status: 200, json: defaultNotificationPreferences };
      sent.push(body as NotificationPreferences);
      return save(body as NotificationPreferences);
    },
  });
  return sent;
}

const saveButton = () => screen.getByRole('button', { name: 'Save Notification Settings' });
/**
 * Sets a time input as a browser's time picker does: one whole value, announced by an `input` and
 * then a `change` event (Preact's onChange listens to the first, as the browser's input does).
 */
const setTime = (label: string | RegExp, value: string) => {
  const input = screen.getByLabelText(label, { selector: 'input' });
  fireEvent.input(input, { target: { value } });
  fireEvent.change(input);
};

describe('the notification preferences (on react-hook-form through useValidatedForm)', () => {
  it('refuses quiet hours that start when they end, then sends the whole set', async () => {
    const user = userEvent.setup();
    const sent = renderPreferences((body) => ({ status: 200, json: body }));
    await user.click(await screen.findByRole('switch', { name: 'New tour dates: by email' }));
    await user.click(screen.getByRole('switch', { name: 'Quiet hours' }));
    setTime('From', '23:00');
    setTime(/^to$/, '23:00');
    await user.click(saveButton());
    await expectToast('Could not save', QUIET_HOURS_MESSAGES.same);
    expect(sent).toHaveLength(0);

    setTime(/^to$/, '06:30');
    await user.click(saveButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      ...defaultNotificationPreferences,
      newDates: { inApp: true, email: true, push: true },
      quietHours: { from: '23:00', to: '06:30', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
    });
    await expectToast('Notification settings saved', 'You will hear about what you chose.');
  });

  it("shows the server's refusal in the same toast and keeps the choices", async () => {
    const user = userEvent.setup();
    const refusal = 'Unknown time zone';
    renderPreferences(() => ({ status: 400, json: { error: { code: 'BAD_REQUEST', message: refusal } } }));
    const reminders = await screen.findByRole('switch', { name: 'Show reminders: in the app' });
    await user.click(reminders);
    await user.click(saveButton());
    await expectToast('Could not save', refusal);
    expect(reminders.getAttribute('aria-checked')).toBe('false');
  });
});
