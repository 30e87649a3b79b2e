import { describe, expect, it } from 'vitest';
import type { StopEntry } from '#server/features/catalog/catalog.service.ts';
import { diffStops, type KnownStop } from './sync.diff.ts';

const TODAY = '2027-01-10';

function known(overrides: Partial<KnownStop>): KnownStop {
  return {
    id: 'stop-1',
    date: '2027-02-01',
    time: '20:00',
    venueKey: 'roundhouse|london||gb',
    venueName: 'The Roundhouse',
    city: 'London',
    source: 'jambase',
    externalId: 'jambase:1/jambase:9',
    ticketUrl: null,
    status: 'scheduled',
    ...overrides,
  };
}

function incoming(overrides: Partial<StopEntry> & { venueKey?: string }): StopEntry {
  const { venueKey = 'roundhouse|london||gb', ...rest } = overrides;
  return {
    date: '2027-02-01',
    time: '20:00',
    venue: {
      identityKey: venueKey,
      name: 'The Roundhouse',
      address: null,
      city: 'London',
      region: null,
      country: 'GB',
      lat: null,
      lon: null,
      timeZone: null,
    },
    lat: null,
    lon: null,
    ticketUrl: null,
    source: 'jambase',
    externalId: 'jambase:1/jambase:9',
    ...rest,
  };
}

describe('diffStops', () => {
  it('finds nothing when the provider lists the same stops', () => {
    expect(diffStops([known({})], [incoming({})], 'jambase', TODAY)).toEqual({ added: [], changed: [], cancelled: [] });
  });

  it('adds a stop whose provider id is new', () => {
    const fresh = incoming({ externalId: 'jambase:2/jambase:9', date: '2027-03-01' });
    expect(diffStops([known({})], [incoming({}), fresh], 'jambase', TODAY).added).toEqual([fresh]);
  });

  it('does not add a stop another source already has on that date at that venue', () => {
    const imported = known({ source: 'import', externalId: null });
    expect(diffStops([imported], [incoming({})], 'jambase', TODAY).added).toEqual([]);
  });

  it('reports a new date or venue as a relocation, a new time only as a change', () => {
    const diff = diffStops(
      [
        known({}),
        known({ id: 'stop-2', externalId: 'jambase:2/jambase:9' }),
        known({ id: 'stop-3', externalId: 'e3' }),
      ],
      [
        incoming({ date: '2027-02-03' }),
        incoming({ externalId: 'jambase:2/jambase:9', venueKey: 'fillmore|sf|ca|us' }),
        incoming({ externalId: 'e3', time: '21:00' }),
      ],
      'jambase',
      TODAY,
    );
    expect(diff.changed.map((change) => [change.stop.id, change.relocated])).toEqual([
      ['stop-1', true],
      ['stop-2', true],
      ['stop-3', false],
    ]);
  });

  it('cancels upcoming provider stops no longer listed, never past ones or other sources', () => {
    const diff = diffStops(
      [
        known({}),
        known({ id: 'past', externalId: 'old', date: '2027-01-01' }),
        known({ id: 'imported', source: 'import', externalId: null }),
      ],
      [],
      'jambase',
      TODAY,
    );
    expect(diff.cancelled.map((stop) => stop.id)).toEqual(['stop-1']);
  });
});

describe('diffStops and cancelled stops', () => {
  it('does not cancel a stop twice', () => {
    const diff = diffStops([known({ status: 'cancelled' })], [], 'jambase', TODAY);
    expect(diff.cancelled).toEqual([]);
  });

  it('restores a cancelled stop the provider lists again', () => {
    const stop = known({ status: 'cancelled' });
    const entry = incoming({ externalId: stop.externalId });
    const diff = diffStops([stop], [entry], 'jambase', TODAY);
    expect(diff.changed).toEqual([{ stop, to: entry, relocated: false, restored: true }]);
    expect(diff.added).toEqual([]);
  });
});
