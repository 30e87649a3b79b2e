import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Place } from '#shared/places.ts';
import { type Trip, type TripInput, tripMessages } from '#shared/trips.ts';
import { heldAnswer, renderPage, type StubAnswer } from '#tests/component/render-page.tsx';
import { VacationPage } from './vacation-page.tsx';

const lisbon: Place = {
  id: '2267057',
  name: 'Lisbon',
  region: 'Lisbon',
  country: 'Portugal',
  countryCode: 'PT',
  lat: 38.72,
  lon: -9.13,
  timeZone: 'Europe/Lisbon',
  population: 517_802,
};

const saved: Trip = {
  id: '7d0c2b4e-5f6a-4b8c-9d0e-1f2a3b4c5d6e',
  name: null,
  placeId: lisbon.id,
  placeLabel: 'Lisbon, Portugal',
  lat: lisbon.lat,
  lon: lisbon.lon,
  timeZone: lisbon.timeZone,
  radiusKm: 50,
  arriveOn: '2027-06-01',
  departOn: '2027-06-05',
  sharePath: null,
  search: { state: 'done', searchedAt: null, message: null },
};

/** The server's refusal of a trip too far ahead, on the arrival. */
const refusedArrival: StubAnswer = {
  status: 400,
  json: {
    error: {
      code: 'VALIDATION_ERROR',
      message: tripMessages.tooFarAhead,
      issues: [{ path: 'arriveOn', message: tripMessages.tooFarAhead }],
    },
  },
};

/** /vacation with no trips yet (the form is open); `create` answers POST /api/trips. */
function renderVacation(create: (input: TripInput) => StubAnswer | Promise<StubAnswer>) {
  const sent: TripInput[] = [];
  renderPage(<VacationPage />, {
    path: '/vacation',
    answer: ({ method, path, body }) => {
      if (path === '/api/trips' && method === 'GET') return { status: 200, json: { upcoming: [], past: [] } };
      if (path === '/api/trips' && method === 'POST') {
        sent.push(body as TripInput);
        return create(body as TripInput);
      }
      if (path === '/api/places') return { status: 200, json: { places: [lisbon] } };
      throw new Error(`No stubbed answer for ${method} ${path}`);
    },
  });
  return sent;
}

const save = () => screen.getByRole('button', { name: 'Save trip' });

async function chooseLisbon(user: ReturnType<typeof userEvent.setup>): Promise<void> {
  await user.type(screen.getByRole('combobox', { name: 'Destination' }), 'Lisb');
  await user.click(await screen.findByRole('option', { name: /Lisbon/ }));
}

describe('the trip form (on react-hook-form through useValidatedForm)', () => {
  it('shows the shared message under the form and marks the field; valid input is sent', async () => {
    const user = userEvent.setup();
    const sent = renderVacation(() => ({ status: 201, json: { trip: saved } }));
    await screen.findByRole('heading', { name: 'Plan a trip' });

    await user.type(screen.getByLabelText('Arrival'), '2027-06-05');
    // Arrival moves an empty or earlier departure with it.
    expect((screen.getByLabelText('Departure') as HTMLInputElement).value).toBe('2027-06-05');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe(tripMessages.destinationRequired);
    const destination = screen.getByRole('combobox', { name: 'Destination' });
    expect(destination.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(destination);

    await chooseLisbon(user);
    // The message answers the last try: it goes as soon as the fan changes something.
    expect(screen.queryByRole('alert')).toBeNull();
    await user.clear(screen.getByLabelText('Departure'));
    await user.type(screen.getByLabelText('Departure'), '2027-06-01');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe(tripMessages.departBeforeArrive);
    expect(screen.getByLabelText('Departure').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toHaveLength(0);

    await user.clear(screen.getByLabelText('Arrival'));
    await user.type(screen.getByLabelText('Arrival'), '2027-06-01');
    await user.clear(screen.getByLabelText('Departure'));
    await user.type(screen.getByLabelText('Departure'), '2027-06-05');
    await user.click(save());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      name: null,
      placeId: lisbon.id,
      radiusKm: 50,
      arriveOn: '2027-06-01',
      departOn: '2027-06-05',
    });
  });

  it("shows the server's refusal the same way, on its field", async () => {
    const user = userEvent.setup();
    renderVacation(() => refusedArrival);
    await screen.findByRole('heading', { name: 'Plan a trip' });
    await chooseLisbon(user);
    await user.type(screen.getByLabelText('Arrival'), '2027-06-01');
    await user.click(save());
    expect((await screen.findByRole('alert')).textContent).toBe(tripMessages.tooFarAhead);
    await waitFor(() => expect(screen.getByLabelText('Arrival').getAttribute('aria-invalid')).toBe('true'));
    expect((save() as HTMLButtonElement).disabled).toBe(false);
  });

  it('moves focus to the refused field once the inputs are enabled again', async () => {
    const user = userEvent.setup();
    // Held until the form shows it is busy: its fieldset is disabled, as while a real request runs.
    const answer = heldAnswer(refusedArrival);
    renderVacation(() => answer.reply);
    await screen.findByRole('heading', { name: 'Plan a trip' });
    await chooseLisbon(user);
    const arrival = screen.getByLabelText('Arrival');
    await user.type(arrival, '2027-06-01');
    await user.click(save());
    await screen.findByRole('button', { name: 'Saving...' });
    answer.release();
    expect((await screen.findByRole('alert')).textContent).toBe(tripMessages.tooFarAhead);
    await waitFor(() => expect(document.activeElement).toBe(arrival));
    expect(arrival.getAttribute('aria-invalid')).toBe('true');
  });
});
