import { describe, expect, it } from 'vitest';
import { digestMail } from './notifications.digest.ts';
import {
  newDatesText,
  onSaleReminderText,
  onSaleText,
  pickStopToName,
  stopCancelledText,
  stopMovedText,
} from './notifications.messages.ts';

const denver = { city: 'Denver', lat: 39.7392, lon: -104.9903 };
const redRocks = {
  date: '2027-04-03',
  venue: 'Red Rocks Amphitheatre',
  city: 'Morrison',
  region: 'CO',
  lat: 39.6654,
  lon: -105.2057,
};
const msg = {
  date: '2027-03-20',
  venue: 'Madison Square Garden',
  city: 'New York',
  region: 'NY',
  lat: 40.7505,
  lon: -73.9934,
};
const noCoordinates = { date: '2027-03-01', venue: 'Somewhere', city: 'Nowhere', region: null, lat: null, lon: null };

describe('new-dates wording', () => {
  it('names the count and the nearest date to the home city, with the distance', () => {
    expect(newDatesText('Northern Lanterns', [msg, redRocks, noCoordinates], denver)).toEqual({
      kind: 'new-dates',
      title: 'New tour dates: Northern Lanterns',
      message: '3 new dates — nearest: Sat, Apr 3, 2027 at Red Rocks Amphitheatre, Morrison, CO (20 km from Denver)',
    });
  });

  it('names the soonest without a home city (or without coordinates to measure)', () => {
    expect(newDatesText('X', [msg, redRocks], null)?.message).toBe(
      '2 new dates — soonest: Sat, Mar 20, 2027 at Madison Square Garden, New York, NY',
    );
    expect(pickStopToName([noCoordinates], denver)).toEqual({ stop: noCoordinates, km: null });
  });

  it('says "1 new date" for one, and nothing for none', () => {
    expect(newDatesText('X', [redRocks], { city: null, lat: 39.7392, lon: -104.9903 })?.message).toBe(
      '1 new date: Sat, Apr 3, 2027 at Red Rocks Amphitheatre, Morrison, CO (20 km from home)',
    );
    expect(newDatesText('X', [], denver)).toBeNull();
  });
});

describe('tour change wording', () => {
  it('gives the old and new date and venue of a moved show, and the cancelled one', () => {
    const from = { date: '2027-04-02', venue: 'The Roundhouse', city: 'London' };
    const to = { date: '2027-04-06', venue: 'Albert Hall', city: 'Manchester' };
    expect(stopMovedText('Northern Lanterns', from, to)).toEqual({
      kind: 'stop-moved',
      title: 'Show moved: Northern Lanterns',
      message: 'Moved from Fri, Apr 2, 2027 at The Roundhouse, London to Tue, Apr 6, 2027 at Albert Hall, Manchester.',
    });
    expect(stopCancelledText('Northern Lanterns', from).message).toBe(
      'Fri, Apr 2, 2027 at The Roundhouse, London was cancelled.',
    );
  });
});

describe('on-sale wording', () => {
  const houseOfBlues = {
    date: '2026-10-03',
    venue: 'House of Blues',
    city: 'Boston',
    region: 'MA',
    timeZone: 'America/New_York',
    onSaleAt: '2026-09-04T14:00:00.000Z',
    presaleAt: null,
    presaleName: null,
  };
  const roundhouse = {
    date: '2026-10-10',
    venue: 'Roundhouse',
    city: 'London',
    region: null,
    timeZone: 'Europe/London',
    onSaleAt: '2026-09-04T09:00:00.000Z',
    presaleAt: '2026-09-02T09:00:00.000Z',
    presaleName: 'Artist Presale',
  };

  it('says when tickets for one show go on sale, in the venue zone as people write it, never ISO', () => {
    expect(onSaleText('Northern Lanterns', [houseOfBlues])).toEqual({
      kind: 'on-sale',
      title: 'Tickets on sale: Northern Lanterns',
      message:
        'Tickets for Northern Lanterns at House of Blues, Boston, MA on Sat, Oct 3, 2026 go on sale Fri, Sep 4, 10:00 AM EDT.',
    });
    expect(onSaleText('Northern Lanterns', [roundhouse])?.message).toBe(
      'Tickets for Northern Lanterns at Roundhouse, London on Sat, Oct 10, 2026 go on sale Fri, Sep 4, 10:00 AM GMT+1. ' +
        'Presale (Artist Presale): Wed, Sep 2, 10:00 AM GMT+1.',
    );
    expect(onSaleText('X', [{ ...roundhouse, onSaleAt: null }])?.message).toBe(
      'The presale (Artist Presale) for X at Roundhouse, London on Sat, Oct 10, 2026 starts Wed, Sep 2, 10:00 AM GMT+1.',
    );
    expect(onSaleText('X', [{ ...houseOfBlues, timeZone: null }])?.message).toContain(
      'go on sale Fri, Sep 4, 2:00 PM UTC.',
    );
    expect(onSaleText('X', [])).toBeNull();
  });

  it('groups the shows of one sync: the first sale, or the show near the fan', () => {
    expect(onSaleText('Northern Lanterns', [houseOfBlues, roundhouse])?.message).toBe(
      'Tickets for 2 Northern Lanterns shows go on sale. First: Roundhouse, London on Sat, Oct 10, 2026, ' +
        'presale (Artist Presale) Wed, Sep 2, 10:00 AM GMT+1.',
    );
    expect(
      onSaleText('Northern Lanterns', [houseOfBlues, roundhouse], { show: houseOfBlues, near: true })?.message,
    ).toBe(
      'Tickets for 2 Northern Lanterns shows go on sale. Near you: House of Blues, Boston, MA on Sat, Oct 3, 2026, ' +
        'on sale Fri, Sep 4, 10:00 AM EDT.',
    );
  });

  it('reminds of a presale or a public sale about to open, for one show or several', () => {
    expect(onSaleReminderText('Northern Lanterns', 'public', [houseOfBlues], houseOfBlues.onSaleAt)).toEqual({
      kind: 'on-sale',
      title: 'Tickets soon: Northern Lanterns',
      message:
        'Tickets for Northern Lanterns at House of Blues, Boston, MA on Sat, Oct 3, 2026 go on sale Fri, Sep 4, 10:00 AM EDT.',
    });
    expect(
      onSaleReminderText('X', 'presale', [roundhouse, { ...roundhouse, date: '2026-10-11' }], roundhouse.presaleAt),
    ).toEqual({
      kind: 'on-sale',
      title: 'Presale soon: X',
      message:
        'The presale (Artist Presale) for 2 X shows (first: Roundhouse, London on Sat, Oct 10, 2026) starts Wed, Sep 2, 10:00 AM GMT+1.',
    });
    expect(onSaleReminderText('X', 'public', [], houseOfBlues.onSaleAt)).toBeNull();
  });
});

describe('digest mail', () => {
  it('lists every notification in text and escaped HTML, with links to the artist', () => {
    const mail = digestMail(
      'fan@example.com',
      [
        { id: '1', title: 'New tour dates: <Script> & Co', message: '1 new date: "soon"', artistSlug: 'script-and-co' },
        { id: '2', title: 'Show cancelled: Other', message: 'Gone.', artistSlug: null },
      ],
      'https://tourguides.example',
    );
    expect(mail.subject).toBe('TourGuides: 2 new notifications');
    expect(mail.text).toContain(
      'New tour dates: <Script> & Co\n1 new date: "soon"\nhttps://tourguides.example/artist/script-and-co',
    );
    expect(mail.html).toContain('New tour dates: &#60;Script&#62; &#38; Co');
    expect(mail.html).toContain('1 new date: &#34;soon&#34;');
    expect(mail.html).not.toContain('<Script>');
    expect(mail.html).toContain('href="https://tourguides.example/artist/script-and-co"');
  });
});
