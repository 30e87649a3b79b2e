import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Place, type TrackedPlace, trackedPlacesMessages } from '#shared/places.ts';
import { expectToast, renderPage, type StubAnswer } from '#tests/component/render-page.tsx';
import { TrackedPlacesSection } from './tracked-places-section.tsx';

const denver: Place = {
  id: '5419384',
  name: 'Denver',
  region: 'Colorado',
  country: 'United States',
  countryCode: 'US',
  lat: 39.74,
  lon: -104.98,
  timeZone: 'America/Denver',
  population: 682_545,
};

const home: TrackedPlace = {
  id: 'home',
  home: true,
  placeId: '2643743',
  name: 'London',
  region: 'England',
  country: 'United Kingdom',
  radiusKm: 50,
};

/** Settings' places card with home only; `add` answers POST /api/tracked-places. */
function renderPlaces(add: (body: unknown) => StubAnswer) {
  const sent: unknown[] = [];
  renderPage(<TrackedPlacesSection />, {
    path: '/settings',
    answer: ({ method, path, body }) => {
      if (path === '/api/tracked-places' && method === 'GET') return { status: 200, json: { places: [home] } };
      if (path === '/api/tracked-places' && method === 'POST') {
        sent.push(body);
        return add(body);
      }
      if (path === '/api/places') return { status: 200, json: { places: [denver] } };
      throw new Error(`No stubbed answer for ${method} ${path}`);
    },
  });
  return sent;
}

const addPlace = () => screen.getByRole('button', { name: 'Add place' }) as HTMLButtonElement;

async function chooseDenver(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.type(await screen.findByRole('combobox', { name: 'Add a city' }), 'Denv');
  await user.click(await screen.findByRole('option', { name: /Denver/ }));
}

describe("the places card's add form (on react-hook-form through useValidatedForm)", () => {
  it('waits for a city, then sends it with the chosen distance', async () => {
    const user = userEvent.setup();
    const sent = renderPlaces(() => ({
      status: 201,
      json: { place: { ...home, id: 'p1', home: false, placeId: denver.id, name: 'Denver', radiusKm: 100 } },
    }));
    await screen.findByRole('list', { name: 'Your places' });
    expect(addPlace().disabled).toBe(true);
    await chooseDenver(user);
    await user.selectOptions(screen.getByLabelText('Within'), '100 km');
    await user.click(addPlace());
    await expectToast('Place added', 'Shows near Denver now count as near you.');
    expect(sent).toEqual([{ placeId: denver.id, radiusKm: 100 }]);
    await waitFor(() => expect(addPlace().disabled).toBe(true));
    expect((screen.getByLabelText('Within') as HTMLSelectElement).value).toBe('100');
  });

  it("shows the server's refusal in the card's toast", async () => {
    const user = userEvent.setup();
    renderPlaces(() => ({
      status: 409,
      json: { error: { code: 'CONFLICT', message: trackedPlacesMessages.alreadyTracked } },
    }));
    await chooseDenver(user);
    await user.click(addPlace());
    await expectToast('Your places were not saved', trackedPlacesMessages.alreadyTracked);
    expect(addPlace().disabled).toBe(false);
  });
});
