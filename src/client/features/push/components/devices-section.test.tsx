import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '#tests/component/render-page.tsx';
import { DEVICES_TEXTS, DevicesSection } from './devices-section.tsx';

const device = {
  id: '0b6c4c1e-5a43-4d8e-9d5a-6ad1d8a1f0a1',
  label: 'Firefox on Android',
  createdAt: '2026-10-03T18:00:00.000Z',
  lastPushedAt: null,
};

/** A browser with Web Push (or without), with Notification.permission as given. */
function browserWithPush(permission: NotificationPermission | null) {
  if (permission === null) {
    vi.stubGlobal('PushManager', undefined);
    Reflect.deleteProperty(window, 'PushManager');
    return;
  }
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', { permission, requestPermission: vi.fn(async () => permission) });
  if (!('serviceWorker' in navigator)) {
    Object.defineProperty(navigator, 'serviceWorker', { value: { ready: new Promise(() => {}) }, configurable: true });
  }
}

const render = (devices: unknown[], onDelete = vi.fn()) =>
  renderPage(<DevicesSection />, {
    answer: ({ method, path }) => {
      if (method === 'GET' && path === '/api/push/devices') return { status: 200, json: { devices } };
      if (method === 'DELETE' && path === `/api/push/devices/${device.id}`) {
        onDelete();
        return { status: 204 };
      }
      throw new Error(`unexpected ${method} ${path}`);
    },
  });

describe('the Devices card', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers to subscribe this device, and lists the others with a way to remove them', async () => {
    browserWithPush('default');
    const removed = vi.fn();
    render([device], removed);
    expect(await screen.findByText('Firefox on Android')).toBeTruthy();
    screen.getByText('Added Oct 3, 2026');
    expect(screen.getByRole('button', { name: DEVICES_TEXTS.subscribe })).toBeTruthy();
    // Nothing asked for while the page loads.
    expect(Notification.requestPermission).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Remove Firefox on Android' }));
    expect(removed).toHaveBeenCalledOnce();
  });

  it('says so when notifications are blocked, without a subscribe button', async () => {
    browserWithPush('denied');
    render([]);
    expect(await screen.findByText(DEVICES_TEXTS.denied)).toBeTruthy();
    expect(await screen.findByText(DEVICES_TEXTS.empty)).toBeTruthy();
    expect(screen.queryByRole('button', { name: DEVICES_TEXTS.subscribe })).toBeNull();
  });

  it('says so when the browser cannot get alerts at all', async () => {
    browserWithPush(null);
    render([device]);
    expect(await screen.findByText(DEVICES_TEXTS.unsupported)).toBeTruthy();
    expect(screen.queryByRole('button', { name: DEVICES_TEXTS.subscribe })).toBeNull();
    // Other devices can still be removed from here.
    expect(await screen.findByRole('button', { name: 'Remove Firefox on Android' })).toBeTruthy();
  });
});
