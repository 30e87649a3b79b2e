import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, startAuthTestServer, type TestBrowser } from '#server/auth/auth.test-support.ts';
import type { PreviewPage } from '#shared/tour-scraper.ts';
import { SCRAPE_AMBIGUITIES, TOUR_SCRAPER_MESSAGES } from '#shared/tour-scraper.ts';
import { LLM_PAGE_READS_PER_USER_PER_DAY } from '#shared/write-limits.ts';
import { importRowOf } from '#tests/factories/tour-scraper.ts';
import { type FakeChat, startFakeChat } from '#tests/fakes/chat-completions.ts';
import { type FakeSite, SITE_ARTISTS, startFakeTourSites } from '#tests/fakes/tour-sites.ts';
import { signedInFan } from '#tests/setup/fans.ts';

const TODAY = '2026-11-20';

/** What a careful model answers for the fake's /text-tour page. */
const HONEST = [
  {
    artist: SITE_ARTISTS.text,
    date: '2027-03-12',
    dateText: '12 March 2027',
    time: '20:00',
    venue: 'The Jazz Cellar',
    city: 'Bristol',
    country: 'UK',
    status: 'scheduled',
    ticketUrl: '/tickets/bristol',
  },
  {
    artist: SITE_ARTISTS.text,
    date: '2027-03-14',
    dateText: '14 March 2027',
    time: null,
    venue: "Whelan's",
    city: 'Dublin',
    country: 'Ireland',
    status: 'cancelled',
    ticketUrl: null,
  },
];

describe('Tour scraper: the page-text reader (LLM fallback)', () => {
  let server: AuthTestServer;
  let site: FakeSite;
  let chat: FakeChat;
  let fan: TestBrowser;
  let fanId: string;

  const reply = (body: unknown) =>
    fetch(chat.url.replace('/v1', '/__fake/reply'), { method: 'POST', body: JSON.stringify(body) });
  const preview = async (path: string, as: TestBrowser = fan) => {
    const response = await as.request('/api/tour-scraper/preview', {
      json: { urls: [site.url + path], today: TODAY },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { pages: PreviewPage[] }).pages[0]!;
  };
  const calls = async () =>
    (
      await server.database.query<{ feature: string; outcome: string; error: string | null }>(
        'select feature, outcome, error from llm_calls order by created_at',
      )
    ).rows;

  beforeAll(async () => {
    chat = await startFakeChat();
    site = await startFakeTourSites();
    server = await startAuthTestServer({
      SAFE_FETCH_TEST_ALLOW: `127.0.0.1:${site.port}`,
      LLM_BASE_URL: chat.url,
      LLM_API_KEY: 'fake-key',
      LLM_MODEL: 'gpt-4o-mini',
      LLM_PRICES: JSON.stringify({ 'gpt-4o-mini': { input: 1, output: 1 } }),
      LLM_MONTHLY_BUDGET_USD: '0.5',
    });
    const signedIn = await signedInFan(server);
    fan = signedIn.browser;
    fanId = signedIn.id;
  });
  afterAll(async () => {
    await server?.close();
    await site?.close();
    await chat?.close();
  });

  it('reads a page without structured data from its visible text: rows marked, unticked, usage recorded', async () => {
    await server.database.query('delete from llm_calls');
    chat.requests.length = 0;
    await reply({ content: `\`\`\`json\n${JSON.stringify({ events: HONEST })}\n\`\`\`` });
    const page = await preview('/text-tour');
    expect(page.error).toBeNull();
    expect(
      page.rows.map((row) => [row.artistName, row.venueName, row.city, row.countryCode, row.date, row.localTime]),
    ).toEqual([
      [SITE_ARTISTS.text, 'The Jazz Cellar', 'Bristol', 'GB', '2027-03-12', '20:00'],
      [SITE_ARTISTS.text, "Whelan's", 'Dublin', 'IE', '2027-03-14', null],
    ]);
    expect(page.rows.map((row) => row.status)).toEqual(['scheduled', 'cancelled']);
    expect(page.rows[0]!.ticketUrl).toBe(`${site.url}/tickets/bristol`);
    for (const row of page.rows) {
      expect(row.source).toBe('text');
      // An ambiguity is what keeps a row unticked and refused at import until the person confirms it.
      expect(row.ambiguities).toContain(SCRAPE_AMBIGUITIES.fromText);
    }
    // Only the visible text was sent: no script, style or nav.
    expect(chat.requests).toHaveLength(1);
    const sent = chat.requests[0]!.body.messages.find((message) => message.role === 'user')!.content;
    expect(sent).toContain('The Jazz Cellar');
    expect(sent).not.toContain('Hidden Arena');
    expect(sent).not.toContain('secret-style');
    expect(sent).not.toContain('Nav Shop Link');
    expect(await calls()).toEqual([{ feature: 'tour-scraper', outcome: 'ok', error: null }]);

    // Never imported without the person's tick.
    const row = page.rows[0]!;
    const importRow = importRowOf(row);
    const refused = await fan.request('/api/tour-scraper/import', { json: { rows: [importRow] } });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain(TOUR_SCRAPER_MESSAGES.confirmAmbiguous);
    const ticked = await fan.request('/api/tour-scraper/import', {
      json: { rows: [{ ...importRow, confirmed: true }] },
    });
    expect(ticked.status).toBe(201);
  });

  it('drops rows whose venue, city or date is not written on the page', async () => {
    await server.database.query('delete from llm_calls');
    const invented = [
      HONEST[0],
      { ...HONEST[0], venue: 'Hidden Arena', date: '2027-03-13', dateText: '13 March 2027' },
      { ...HONEST[0], city: 'Cardiff' },
      { ...HONEST[0], date: '2027-04-12' },
    ];
    await reply({ content: JSON.stringify({ events: invented }) });
    const page = await preview('/text-tour');
    expect(page.rows.map((row) => [row.venueName, row.city, row.date])).toEqual([
      ['The Jazz Cellar', 'Bristol', '2027-03-12'],
    ]);

    // Nothing true in the answer: no rows, and the call is marked rejected on the usage page.
    await reply({ content: JSON.stringify({ events: invented.slice(1) }) });
    const none = await preview('/text-tour');
    expect(none.rows).toEqual([]);
    expect(none.error).toBe(TOUR_SCRAPER_MESSAGES.noEvents);
    expect((await calls()).map((call) => call.outcome)).toEqual(['ok', 'rejected']);
  });

  it('says so when the model fails or answers nonsense; structured pages never call it', async () => {
    chat.requests.length = 0;
    await reply({ status: 500, times: 5 });
    const failed = await preview('/text-tour');
    expect(failed.rows).toEqual([]);
    expect(failed.error).toBe(`${TOUR_SCRAPER_MESSAGES.noEvents}. ${TOUR_SCRAPER_MESSAGES.textReaderFailed}`);
    await reply({ times: 0 });

    await reply({ content: 'Sure! Here are the dates: 12 March at The Jazz Cellar.' });
    const nonsense = await preview('/text-tour');
    expect(nonsense.error).toBe(`${TOUR_SCRAPER_MESSAGES.noEvents}. ${TOUR_SCRAPER_MESSAGES.textReaderFailed}`);

    chat.requests.length = 0;
    await reply({ status: 500, times: 5 });
    const structured = await preview('/jsonld');
    expect(structured.error).toBeNull();
    expect(structured.rows.length).toBeGreaterThan(0);
    expect(structured.rows.every((row) => row.source !== 'text')).toBe(true);
    expect(chat.requests).toHaveLength(0);
    await reply({ times: 0 });
  });

  it('makes no call once the monthly budget is spent, and the preview says the reader is off', async () => {
    await server.database.query('delete from llm_calls');
    await server.database.query(
      `insert into llm_calls (feature, model, prompt_tokens, completion_tokens, cost_usd, outcome) values ('guide-story', 'gpt-4o-mini', 400, 100, 0.6, 'ok')`,
    );
    chat.requests.length = 0;
    const page = await preview('/text-tour');
    expect(chat.requests).toHaveLength(0);
    expect(page.rows).toEqual([]);
    expect(page.error).toBe(`${TOUR_SCRAPER_MESSAGES.noEvents}. ${TOUR_SCRAPER_MESSAGES.textReaderBudget}`);
    expect((await calls()).at(-1)).toEqual({ feature: 'tour-scraper', outcome: 'budget', error: null });
    await server.database.query('delete from llm_calls');
  });

  it("makes no call once the fan's daily page reads are used, and says so; another fan still gets hers", async () => {
    await server.database.query(
      `insert into attempt_counters (key, window_start, count) values ($1, now(), $2)
       on conflict (key) do update set window_start = now(), count = excluded.count`,
      [`llm-page-read:${fanId}`, LLM_PAGE_READS_PER_USER_PER_DAY.max],
    );
    chat.requests.length = 0;
    const page = await preview('/text-tour');
    expect(chat.requests).toHaveLength(0);
    expect(page.rows).toEqual([]);
    expect(page.error).toBe(`${TOUR_SCRAPER_MESSAGES.noEvents}. ${TOUR_SCRAPER_MESSAGES.textReaderQuota}`);

    await reply({ content: JSON.stringify({ events: HONEST }) });
    const other = await preview('/text-tour', (await signedInFan(server, { label: 'page-reads-other' })).browser);
    expect(chat.requests).toHaveLength(1);
    expect(other.rows).toHaveLength(2);
  });
});
