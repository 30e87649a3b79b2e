import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AuthTestServer,
  signUp,
  startAuthTestServer,
  TestBrowser,
  uniqueEmail,
} from '#server/auth/auth.test-support.ts';
import { grantRole } from '#server/auth/roles.ts';
import type { GuidePage, LlmUsage } from '#shared/guides.ts';
import { LLM_STORIES_PER_REQUESTER_PER_DAY } from '#shared/write-limits.ts';
import { seedCatalog } from '#tests/factories/catalog.ts';
import { type FakeChat, startFakeChat } from '#tests/fakes/chat-completions.ts';
import type { FakeServer } from '#tests/fakes/fake-server.ts';
import { startFakeOpenMeteo, startFakeOverpass, startFakeWikivoyage } from '#tests/fakes/guide-fakes.ts';
import { getGuide } from './guides.service.ts';
import { writeStory } from './guides.workers.ts';

function daysFromToday(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

describe('AI writing: the fact check, the budget and the usage page', () => {
  let server: AuthTestServer;
  let chat: FakeChat;
  let fakes: FakeServer[];
  let stopId = '';
  let stopSlug = '';

  const guide = async () => (await (await server.fetch(`/api/guides/story-band/${stopSlug}`)).json()) as GuidePage;
  /** The guide as the page would get it, without queueing a story job of the server's own (it would race the test's calls). */
  const quietGuide = () =>
    getGuide(
      { database: server.database, queue: { send: async () => null }, mapTilesUrl: '', llmConfigured: false },
      { artistSlug: 'story-band', stopSlug, userId: null },
    );
  const story = () => writeStory({ ...server.background, providers: server.background.providers }, stopId);
  const reply = (body: unknown) =>
    fetch(chat.url.replace('/v1', '/__fake/reply'), { method: 'POST', body: JSON.stringify(body) });
  const clearStory = () => server.database.query(`delete from guide_parts where kind = 'story'`);

  beforeAll(async () => {
    chat = await startFakeChat();
    const [overpass, wikivoyage, openMeteo] = await Promise.all([
      startFakeOverpass(),
      startFakeWikivoyage(),
      startFakeOpenMeteo(),
    ]);
    fakes = [overpass, wikivoyage, openMeteo];
    server = await startAuthTestServer(
      {
        OVERPASS_URL: overpass.url,
        WIKIVOYAGE_URL: wikivoyage.url,
        OPEN_METEO_URL: openMeteo.url,
        OPEN_METEO_ARCHIVE_URL: openMeteo.url,
        OVERPASS_INTERVAL_MS: '0',
        WIKIVOYAGE_INTERVAL_MS: '0',
        OPEN_METEO_INTERVAL_MS: '0',
        LLM_BASE_URL: chat.url,
        LLM_API_KEY: 'fake-key',
        LLM_MODEL: 'gpt-4o-mini',
        // 100 USD per million tokens: a call costs a few cents of the 0.5 USD budget.
        LLM_PRICES: JSON.stringify({ 'gpt-4o-mini': { input: 100, output: 100 } }),
        LLM_MONTHLY_BUDGET_USD: '0.5',
      },
      { jobs: true },
    );
    await seedCatalog(server.database, [
      {
        name: 'Story Band',
        tours: [
          {
            name: 'S',
            stops: [
              {
                date: daysFromToday(4),
                time: '20:00',
                venue: 'Story Hall',
                city: 'Leeds',
                country: 'GB',
                lat: 53.8,
                lon: -1.55,
              },
            ],
          },
        ],
      },
    ]);
    const row = (await server.database.query<{ id: string; slug: string }>(`select id, slug from tour_stops`)).rows[0]!;
    stopId = row.id;
    stopSlug = row.slug;
    // Parts first: the story is written from them.
    for (let i = 0; i < 100 && (await guide()).building; i++) await new Promise((resolve) => setTimeout(resolve, 150));
    // The built guide queued its story job: let it finish before the tests count calls.
    for (
      let i = 0;
      i < 100 && (await server.database.query(`select 1 from guide_parts where kind = 'story'`)).rows.length === 0;
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([chat?.close(), ...(fakes ?? []).map((fake) => fake.close())]);
  });

  it('writes the story from the facts only, and records the call with tokens and cost', async () => {
    await clearStory();
    await server.database.query('delete from llm_calls');
    expect(await story()).toBe('written');
    const request = chat.requests.at(-1)!;
    expect(request.authorization).toBe('Bearer fake-key');
    const facts = JSON.parse(request.body.messages[1]!.content);
    expect(facts).toMatchObject({ artist: 'Story Band', venue: 'Story Hall', city: 'Leeds' });
    // The model is given the times and date as the page shows them: it copies 8:00 PM, not 20:00.
    expect(facts.showTime).toBe('8:00 PM');
    expect(facts.sunset).toMatch(/^\d{1,2}:\d{2} (AM|PM)$/);
    expect(facts.date).toMatch(/^[A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    const page = await quietGuide();
    expect(page.night.storySource).toBe('model');
    expect(page.night.story).toMatch(/^Tonight Story Band takes the stage at Story Hall in Leeds\./);
    const calls = (
      await server.database.query<{ feature: string; outcome: string; prompt_tokens: number; cost_usd: number }>(
        'select * from llm_calls',
      )
    ).rows;
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ feature: 'guide-story', outcome: 'ok' });
    expect(calls[0]!.prompt_tokens).toBeGreaterThan(50);
    expect(calls[0]!.cost_usd).toBeGreaterThan(0);
  });

  it('asks for a story only a few times a day per requester, whatever the budget left', async () => {
    await clearStory();
    const sends: unknown[] = [];
    const asking = (requester: string) =>
      getGuide(
        {
          database: server.database,
          queue: {
            send: async (_type: unknown, payload: unknown) => {
              sends.push(payload);
              return 'job';
            },
          },
          mapTilesUrl: '',
          llmConfigured: true,
        },
        { artistSlug: 'story-band', stopSlug, userId: null, requester },
      );
    await server.database.query("delete from attempt_counters where key like 'llm-story:%'");
    for (let i = 0; i < LLM_STORIES_PER_REQUESTER_PER_DAY.max; i++) await asking('203.0.113.9');
    expect(sends).toHaveLength(LLM_STORIES_PER_REQUESTER_PER_DAY.max);
    const page = await asking('203.0.113.9');
    expect(sends).toHaveLength(LLM_STORIES_PER_REQUESTER_PER_DAY.max);
    expect(page.night.storySource).toBe('template');
    await asking('another-fan-id');
    expect(sends).toHaveLength(LLM_STORIES_PER_REQUESTER_PER_DAY.max + 1);
  });

  it('never shows an answer that fails the fact check: URLs, phone numbers, invented places', async () => {
    for (const content of [
      'Tickets at https://scalper.example now!',
      'Call the box office on +44 113 496 0123 before you go.',
      'Before the show, grab a pint at The Invented Arms near Story Hall.',
    ]) {
      await clearStory();
      await reply({ content });
      expect(await story()).toBe('template');
      const page = await quietGuide();
      expect(page.night.storySource).toBe('template');
      expect(page.night.story).toContain('Story Band plays Story Hall');
      // One time convention per page: the header's 8:00 PM, not 20:00.
      expect(page.night.story).toContain('show at 8:00 PM');
      expect(page.night.story).not.toMatch(/\b\d{2}:\d{2}\b(?! ?[AP]M)/);
    }
    const rejected = (
      await server.database.query<{ outcome: string; error: string }>(
        `select outcome, error from llm_calls where outcome = 'rejected' order by created_at`,
      )
    ).rows;
    expect(rejected.map((row) => row.error)).toEqual([
      'contains a URL',
      'contains a phone number',
      expect.stringContaining('Invented'),
    ]);
    // A model that fails (429, then 500) leaves the template too, and the call is recorded.
    await clearStory();
    await reply({ status: 500, times: 3 });
    expect(await story()).toBe('template');
    expect(
      (await server.database.query(`select 1 from llm_calls where outcome = 'error'`)).rows.length,
    ).toBeGreaterThan(0);
  });

  it('stops calling past the monthly budget, uses the template, and mails the admins once', async () => {
    const admin = new TestBrowser(server);
    const email = uniqueEmail('llm-admin');
    await signUp(admin, email, 'correct horse battery staple');
    const adminId = (await server.database.query<{ id: string }>('select id from users where email = $1', [email]))
      .rows[0]!.id;
    await grantRole(server.database, adminId, 'admin');
    await server.database.query(
      `insert into llm_calls (feature, model, prompt_tokens, completion_tokens, cost_usd, outcome) values ('guide-story', 'gpt-4o-mini', 400, 100, 0.6, 'ok')`,
    );
    await clearStory();
    const sent = chat.requests.length;
    expect(await story()).toBe('template');
    await clearStory();
    expect(await story()).toBe('template');
    expect(chat.requests.length).toBe(sent);
    expect((await quietGuide()).night.storySource).toBe('template');
    const budgetRows = (await server.database.query(`select 1 from llm_calls where outcome = 'budget'`)).rows;
    expect(budgetRows).toHaveLength(2);
    const alerts = (await server.database.query('select month from llm_budget_alerts')).rows;
    expect(alerts).toHaveLength(1);
    const fs = await import('node:fs');
    const outbox = `${server.dataDir}/outbox`;
    const mails = fs.existsSync(outbox)
      ? fs.readdirSync(outbox).map((file) => fs.readFileSync(`${outbox}/${file}`, 'utf8'))
      : [];
    expect(mails.filter((mail) => mail.includes('AI budget spent'))).toHaveLength(1);

    // The usage page's figures: admins only.
    expect((await new TestBrowser(server).request('/api/admin/llm-usage')).status).toBe(401);
    const usage = (await (await admin.request('/api/admin/llm-usage?days=30')).json()) as LlmUsage;
    expect(usage.monthlyBudgetUsd).toBe(0.5);
    expect(usage.monthSpentUsd).toBeGreaterThan(0.5);
    expect(
      usage.rows.some((row) => row.feature === 'guide-story' && row.model === 'gpt-4o-mini' && row.promptTokens > 0),
    ).toBe(true);
  });
});
