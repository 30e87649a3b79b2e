import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from '#server/auth/auth.test-support.ts';
import { grantRole } from '#server/auth/roles.ts';
import { tipMessages } from '#shared/guides.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';

describe('fans’ tips, their moderation and the loading messages', () => {
  let server: AuthTestServer;
  let venue = '';

  /** A signed-in fan; `ageDays` backdates the account (younger than 7 days waits for moderation). */
  async function fan(ageDays = 30) {
    const browser = new TestBrowser(server);
    const email = uniqueEmail('tips');
    expect((await signUp(browser, email, 'correct horse battery staple', 'Tip Fan')).status).toBe(200);
    const { rows } = await server.database.query<{ id: string }>(
      `update users set created_at = now() - $2::int * interval '1 day' where email = $1 returning id`,
      [email, ageDays],
    );
    return { browser, id: rows[0]!.id };
  }
  const post = (browser: TestBrowser, text: string, category = 'getting-in', slug = venue) =>
    browser.request(`/api/guides/venues/${slug}/tips`, { json: { category, text } });
  const tips = async (browser?: TestBrowser) => {
    const response = browser
      ? await browser.request(`/api/guides/venues/${venue}/tips`)
      : await server.fetch(`/api/guides/venues/${venue}/tips`);
    return ((await response.json()) as { tips: { id: string; text: string; state: string; helpfulCount: number }[] })
      .tips;
  };

  beforeAll(async () => {
    server = await startAuthTestServer();
    await seedCatalog(server.database, [
      {
        name: 'Tip Band',
        tours: [{ name: 'T', stops: [{ date: '2027-05-01', venue: 'Tip Hall', city: 'Leeds', country: 'GB' }] }],
      },
    ]);
    venue = (await server.database.query<{ slug: string }>(`select slug from venues where name = 'Tip Hall'`)).rows[0]!
      .slug;
  });
  afterAll(() => server?.close());

  it('adds a plain-text tip that everyone sees, and refuses bad input with clear messages', async () => {
    const { browser } = await fan();
    const text = 'Side door on <b>Mill St</b> opens first: https://example.com';
    const created = await post(browser, text);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ text, state: 'visible', mine: true });
    expect((await tips()).map((tip) => tip.text)).toContain(text);
    const short = await post(browser, 'too short');
    expect(short.status).toBe(400);
    expect(JSON.stringify(await short.json())).toContain(tipMessages.tooShort);
    expect((await post(browser, 'x'.repeat(501))).status).toBe(400);
    expect((await post(browser, 'A perfectly fine tip text', 'vip-lounge')).status).toBe(400);
    // The same tip again, however it is spelled, is refused.
    const duplicate = await post(browser, 'side door on <B>mill st</B> opens FIRST https://example.com!!');
    expect(duplicate.status).toBe(409);
    expect(JSON.stringify(await duplicate.json())).toContain(tipMessages.duplicate);
    // Signed out: no tip.
    expect(
      (
        await new TestBrowser(server).request(`/api/guides/venues/${venue}/tips`, {
          json: { category: 'getting-in', text: 'Anonymous tip here' },
        })
      ).status,
    ).toBe(401);
  });

  it('holds a new account’s tip for moderation; an admin approves, hides or deletes with the reason kept', async () => {
    const newcomer = await fan(2);
    const created = await post(newcomer.browser, 'Bring ear plugs, the bass is loud near the front');
    expect(await created.json()).toMatchObject({ state: 'pending' });
    expect((await tips()).some((tip) => tip.text.startsWith('Bring ear plugs'))).toBe(false);
    // The author sees it, waiting.
    expect((await tips(newcomer.browser)).find((tip) => tip.text.startsWith('Bring ear plugs'))?.state).toBe('pending');

    const admin = await fan();
    expect((await admin.browser.request('/api/admin/tips')).status).toBe(403);
    expect((await newcomer.browser.request('/api/admin/tips')).status).toBe(403);
    await grantRole(server.database, admin.id, 'admin');
    const queue = (await (await admin.browser.request('/api/admin/tips?state=pending')).json()) as {
      tips: { id: string; text: string }[];
    };
    const pending = queue.tips.find((tip) => tip.text.startsWith('Bring ear plugs'))!;
    expect(pending).toBeDefined();
    expect((await admin.browser.request(`/api/admin/tips/${pending.id}`, { json: { action: 'hide' } })).status).toBe(
      400,
    );
    expect((await admin.browser.request(`/api/admin/tips/${pending.id}`, { json: { action: 'approve' } })).status).toBe(
      200,
    );
    expect((await tips()).some((tip) => tip.id === pending.id)).toBe(true);
    const deleted = await admin.browser.request(`/api/admin/tips/${pending.id}`, {
      json: { action: 'delete', reason: 'Off topic' },
    });
    expect(await deleted.json()).toEqual({ state: 'deleted' });
    expect((await tips()).some((tip) => tip.id === pending.id)).toBe(false);
    const kept = (await (await admin.browser.request('/api/admin/tips?state=deleted')).json()) as {
      tips: { id: string; moderationReason: string }[];
    };
    expect(kept.tips.find((tip) => tip.id === pending.id)?.moderationReason).toBe('Off topic');
  });

  it('counts helpful votes once per fan, and three reports hide a tip until reviewed', async () => {
    const author = await fan();
    const tip = (await (
      await post(author.browser, 'The merch stand by the bar has no queue', 'food-drink')
    ).json()) as { id: string };
    expect((await author.browser.request(`/api/guides/tips/${tip.id}/helpful`, { method: 'PUT' })).status).toBe(403);
    const voters = [await fan(), await fan(), await fan()];
    for (const voter of voters) {
      expect((await voter.browser.request(`/api/guides/tips/${tip.id}/helpful`, { method: 'PUT' })).status).toBe(200);
    }
    const again = await voters[0]!.browser.request(`/api/guides/tips/${tip.id}/helpful`, { method: 'PUT' });
    expect(await again.json()).toEqual({ helpfulCount: 3, votedHelpful: true });
    const undone = await voters[0]!.browser.request(`/api/guides/tips/${tip.id}/helpful`, { method: 'DELETE' });
    expect(await undone.json()).toEqual({ helpfulCount: 2, votedHelpful: false });
    for (const [index, reporter] of voters.entries()) {
      await reporter.browser.request(`/api/guides/tips/${tip.id}/report`, { method: 'POST' });
      // One fan reporting twice counts once.
      if (index === 0) await reporter.browser.request(`/api/guides/tips/${tip.id}/report`, { method: 'POST' });
      expect((await tips()).some((shown) => shown.id === tip.id)).toBe(index < 2);
    }
    const state = (
      await server.database.query<{ state: string; report_count: number }>(
        `select state, report_count from guide_tips where id = $1`,
        [tip.id],
      )
    ).rows[0];
    expect(state).toEqual({ state: 'reported', report_count: 3 });
  });

  it('allows five tips at a venue, then one an hour', async () => {
    const { browser } = await fan();
    for (let i = 1; i <= 5; i++) expect((await post(browser, `Tip number ${i} about the hall`)).status).toBe(201);
    const sixth = await post(browser, 'Tip number six about the hall');
    expect(sixth.status).toBe(429);
    expect(JSON.stringify(await sixth.json())).toContain(tipMessages.tooMany);
    await server.database.query(
      `update guide_tips set created_at = now() - interval '2 hours' where text like 'Tip number%'`,
    );
    expect((await post(browser, 'Tip number six about the hall')).status).toBe(201);
    expect((await post(browser, 'Tip number seven about the hall')).status).toBe(429);
  });

  it('serves the loading messages, seeded, and lets only admins add, edit, reorder and switch them off', async () => {
    const initial = (await (await server.fetch('/api/guides/loading-messages')).json()) as { messages: string[] };
    expect(initial.messages.length).toBeGreaterThanOrEqual(3);
    const user = await fan();
    expect((await user.browser.request('/api/admin/loading-messages', { json: { text: 'Hi' } })).status).toBe(403);
    await grantRole(server.database, user.id, 'admin');
    const added = await user.browser.request('/api/admin/loading-messages', { json: { text: 'Tuning the guitars…' } });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: string };
    expect((await user.browser.request('/api/admin/loading-messages', { json: { text: '' } })).status).toBe(400);
    const list = (await (await user.browser.request('/api/admin/loading-messages')).json()) as {
      messages: { id: string; text: string }[];
    };
    const ids = list.messages.map((message) => message.id);
    const reordered = [id, ...ids.filter((other) => other !== id)];
    expect(
      (await user.browser.request('/api/admin/loading-messages/order', { method: 'PUT', json: { ids: reordered } }))
        .status,
    ).toBe(200);
    expect(
      (await user.browser.request('/api/admin/loading-messages/order', { method: 'PUT', json: { ids: [id] } })).status,
    ).toBe(400);
    await user.browser.request(`/api/admin/loading-messages/${id}`, {
      method: 'PATCH',
      json: { text: 'Tuning the drums…' },
    });
    let shown = (await (await server.fetch('/api/guides/loading-messages')).json()) as { messages: string[] };
    expect(shown.messages[0]).toBe('Tuning the drums…');
    await user.browser.request(`/api/admin/loading-messages/${ids[0]}`, { method: 'PATCH', json: { enabled: false } });
    shown = (await (await server.fetch('/api/guides/loading-messages')).json()) as { messages: string[] };
    expect(shown.messages).not.toContain(list.messages[0]!.text);
    expect(shown.messages).toHaveLength(ids.length - 1);
  });
});
