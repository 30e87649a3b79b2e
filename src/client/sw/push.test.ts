import { describe, expect, it } from 'vitest';
import { clickTarget, notificationFor, parsePushPayload, safeAppPath } from './push.ts';

describe('service worker push handling', () => {
  it('shows the title and body the server sent, tagged per show, opening the show', () => {
    const payload = parsePushPayload(
      JSON.stringify({
        title: 'Show moved: Harbour Bells',
        body: 'Moved from Sat, Oct 3, 2026 at Paradise, Boston, MA to Sun, Oct 4, 2026 at Paradise, Boston, MA.',
        url: '/shows/0b6c4c1e-5a43-4d8e-9d5a-6ad1d8a1f0a1',
        tag: 'stop-moved:0b6c4c1e',
      }),
    );
    const plan = notificationFor(payload);
    expect(plan.title).toBe('Show moved: Harbour Bells');
    expect(plan.options).toMatchObject({
      body: expect.stringContaining('Sat, Oct 3, 2026'),
      tag: 'stop-moved:0b6c4c1e',
      data: { url: '/shows/0b6c4c1e-5a43-4d8e-9d5a-6ad1d8a1f0a1' },
    });
    expect(clickTarget(plan.options.data, 'https://tour.example')).toBe(
      'https://tour.example/shows/0b6c4c1e-5a43-4d8e-9d5a-6ad1d8a1f0a1',
    );
  });

  it('still shows something for an empty or unreadable push', () => {
    expect(parsePushPayload(null).title).toBe('TourGuides');
    expect(parsePushPayload('not json')).toMatchObject({ title: 'TourGuides', url: '/notifications' });
    expect(parsePushPayload(JSON.stringify({ title: 42 })).title).toBe('TourGuides');
  });

  it('never opens another site', () => {
    expect(safeAppPath('https://evil.example/')).toBe('/notifications');
    expect(safeAppPath('//evil.example/')).toBe('/notifications');
    expect(safeAppPath('/\\evil.example')).toBe('/notifications');
    expect(clickTarget({ url: '//evil.example' }, 'https://tour.example')).toBe('https://tour.example/notifications');
    expect(clickTarget(undefined, 'https://tour.example')).toBe('https://tour.example/notifications');
  });
});
