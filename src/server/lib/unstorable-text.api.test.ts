import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthTestServer, signIn, startAuthTestServer, TestBrowser } from '#server/auth/auth.test-support.ts';
import { TEXT_MESSAGES } from '#shared/text-schema.ts';
import { type ConcertCatalog, concertCatalog } from '#tests/factories/concert-history-setup.ts';
import { FAN_PASSWORD, type SignedInFan, signedInFan } from '#tests/setup/fans.ts';

/**
 * PostgreSQL stores neither a NUL character nor a lone UTF-16 surrogate (text refuses NUL; jsonb
 * refuses a lone "\ud800" escape). Every text a fan types is refused with a 400 and one message
 * before it reaches the database, instead of a 500.
 */
const NUL = 'Row\u0000A';
const LONE_SURROGATE = 'Row \ud83c A';
const BAD_TEXTS = [NUL, LONE_SURROGATE];

describe('text a database cannot store', () => {
  let server: AuthTestServer;
  let catalog: ConcertCatalog;
  let fan: SignedInFan;

  beforeAll(async () => {
    server = await startAuthTestServer();
    catalog = await concertCatalog(server, [
      {
        name: 'Quartz Lantern',
        tours: [
          {
            name: 'Everywhere',
            stops: [
              { date: '2023-04-01', venue: 'The Lowry', city: 'Salford', country: 'GB' },
              { date: '2099-04-01', venue: 'The Lowry', city: 'Salford', country: 'GB' },
            ],
          },
        ],
      },
    ]);
    fan = await signedInFan(server);
    await catalog.mark(fan, 'quartz-lantern@2023-04-01', 'attended');
  });
  afterAll(() => server?.close());

  async function expectRefused(response: Response) {
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error?: { message?: string }; message?: string };
    expect(body.error?.message ?? body.message).toBe(TEXT_MESSAGES.unstorable);
  }

  it('profile name', async () => {
    for (const bad of BAD_TEXTS) {
      await expectRefused(
        await fan.browser.request('/api/account/profile', { method: 'PATCH', json: { fullName: bad } }),
      );
    }
    expect(
      (await fan.browser.request('/api/account/profile', { method: 'PATCH', json: { fullName: 'Row Fan' } })).status,
    ).toBe(200);
  });

  it('seat', async () => {
    const stop = catalog.stop('quartz-lantern@2099-04-01');
    for (const bad of BAD_TEXTS) {
      await expectRefused(
        await fan.browser.request(`/api/shows/stops/${stop}`, { method: 'PUT', json: { state: 'going', seat: bad } }),
      );
    }
    const fine = await fan.browser.request(`/api/shows/stops/${stop}`, {
      method: 'PUT',
      json: { state: 'going', seat: 'Row A' },
    });
    expect(fine.status).toBe(200);
  });

  it('show notes and companions', async () => {
    const path = `/api/shows/${catalog.stop('quartz-lantern@2023-04-01')}/details`;
    for (const bad of BAD_TEXTS) {
      await expectRefused(await fan.browser.request(path, { method: 'PATCH', json: { notes: bad } }));
      await expectRefused(await fan.browser.request(path, { method: 'PATCH', json: { companions: bad } }));
    }
    expect(
      (await fan.browser.request(path, { method: 'PATCH', json: { notes: 'Loud', companions: 'Sam' } })).status,
    ).toBe(200);
  });

  it('own setlist', async () => {
    const path = `/api/setlists/stops/${catalog.stop('quartz-lantern@2023-04-01')}/mine`;
    const song = (name: string, note?: string) => ({ name, setIndex: 0, kind: 'song', ...(note ? { note } : {}) });
    for (const bad of BAD_TEXTS) {
      await expectRefused(await fan.browser.request(path, { method: 'PUT', json: { songs: [song(bad)] } }));
      await expectRefused(await fan.browser.request(path, { method: 'PUT', json: { songs: [song('Opener', bad)] } }));
      await expectRefused(await fan.browser.request(path, { method: 'PUT', json: { songs: [], info: bad } }));
    }
    expect((await fan.browser.request(path, { method: 'PUT', json: { songs: [song('Opener')] } })).status).toBe(200);
  });

  it('a history CSV cell', async () => {
    const upload = (text: string) =>
      server.fetch('/api/history-imports/csv?date=Date&artist=Band&venue=Venue&city=City&country=Country&name=h.csv', {
        method: 'POST',
        headers: {
          origin: 'http://localhost:3000',
          cookie: fan.browser.cookieHeader(),
          'x-forwarded-for': fan.browser.ip,
          'content-type': 'text/csv',
        },
        body: text,
      });
    const csv = (venue: string) => `Date,Band,Venue,City,Country\n2021-05-05,Quartz Lantern,${venue},Leeds,GB\n`;
    await expectRefused(await upload(csv('Brudenell\u0000 Social Club')));
    expect((await upload(csv('Brudenell Social Club'))).status).toBe(201);
  });

  it('sign-in and sign-up', async () => {
    for (const bad of BAD_TEXTS) {
      await expectRefused(await signIn(new TestBrowser(server), `fan${bad}@example.com`, FAN_PASSWORD));
      await expectRefused(await signIn(new TestBrowser(server), fan.email, `${FAN_PASSWORD}${bad}`));
      const signUp = await new TestBrowser(server).request('/api/auth/sign-up/email', {
        json: { email: `new${bad}@example.com`, password: FAN_PASSWORD, name: 'New Fan', fullName: 'New Fan' },
      });
      await expectRefused(signUp);
    }
    expect((await signIn(new TestBrowser(server), fan.email, FAN_PASSWORD)).status).toBe(200);
  });
});
