import { describe, expect, it } from 'vitest';
import { foldPlaceText } from '#shared/places.ts';
import { Gazetteer, type GazetteerCity } from './gazetteer.ts';

let nextId = 1;
const city = (
  name: string,
  countryCode: string,
  adminCode: string,
  population: number,
  lat = 0,
  lon = 0,
): GazetteerCity => ({
  id: nextId++,
  name,
  countryCode,
  adminCode,
  featureCode: 'PPL',
  population,
  lat,
  lon,
});

const regions = new Map([
  ['US.CO', 'Colorado'],
  ['US.TX', 'Texas'],
  ['US.OR', 'Oregon'],
  ['US.ME', 'Maine'],
  ['FR.11', 'Île-de-France'],
  ['CH.ZH', 'Zurich'],
  ['BR.27', 'São Paulo'],
  ['PL.74', 'Łódź Voivodeship'],
]);

const gazetteer = new Gazetteer(
  [
    city('Paris', 'US', 'TX', 24_782, 33.66, -95.55),
    city('Paris', 'FR', '11', 2_138_551, 48.85, 2.35),
    city('Parisot', 'FR', '11', 500_000),
    city('Pari', 'FR', '11', 1_000),
    city('Denver', 'US', 'CO', 682_545, 39.74, -104.98),
    city('Denver City', 'US', 'TX', 4_864),
    city('Zürich', 'CH', 'ZH', 341_730, 47.37, 8.55),
    city('São Paulo', 'BR', '27', 10_021_295, -23.55, -46.64),
    city('Łódź', 'PL', '74', 768_755),
    city('Portland', 'US', 'OR', 632_309, 45.52, -122.68),
    city('Portland', 'US', 'ME', 66_881),
    city('Winston-Salem', 'US', 'NC', 241_218),
    { ...city('Old Town', 'US', 'CO', 9_999_999), featureCode: 'PPLQ' },
  ],
  regions,
);

const names = (query: string, limit = 8) => gazetteer.search(query, limit).map((p) => `${p.name}/${p.countryCode}`);

describe('foldPlaceText', () => {
  it('ignores case, accents and punctuation', () => {
    expect(foldPlaceText('Zürich')).toBe('zurich');
    expect(foldPlaceText('  SÃO  Paulo ')).toBe('sao paulo');
    expect(foldPlaceText('Łódź')).toBe('lodz');
    expect(foldPlaceText('Winston-Salem')).toBe('winston salem');
    expect(foldPlaceText('Straße')).toBe('strasse');
  });
});

describe('Gazetteer.search', () => {
  it('matches prefixes without regard to case or accents', () => {
    expect(names('zur')).toEqual(['Zürich/CH']);
    expect(names('ZÜRICH')).toEqual(['Zürich/CH']);
    expect(names('sao p')).toEqual(['São Paulo/BR']);
    expect(names('lodz')).toEqual(['Łódź/PL']);
    expect(names('winston salem')).toEqual(['Winston-Salem/US']);
  });

  it('ranks an exact name first, then by population', () => {
    // 'Pari' (1,000 people) is the exact name; Paris FR outranks Parisot, which outranks Paris TX.
    expect(names('pari')).toEqual(['Pari/FR', 'Paris/FR', 'Parisot/FR', 'Paris/US']);
    expect(names('paris')).toEqual(['Paris/FR', 'Paris/US', 'Parisot/FR']);
    expect(names('denver')).toEqual(['Denver/US', 'Denver City/US']);
  });

  it('honours the limit', () => {
    expect(names('pari', 2)).toEqual(['Pari/FR', 'Paris/FR']);
    expect(names('p', 1)).toEqual(['Paris/FR']);
  });

  it('narrows by region or country after a comma or as trailing words', () => {
    expect(names('paris, tx')).toEqual(['Paris/US']);
    expect(names('paris, texas')).toEqual(['Paris/US']);
    expect(names('paris, france')).toEqual(['Paris/FR', 'Parisot/FR']);
    expect(names('paris, usa')).toEqual(['Paris/US']);
    expect(names('portland maine')).toEqual(['Portland/US']);
    expect(gazetteer.search('portland maine', 5)[0]?.region).toBe('Maine');
    expect(names('paris, nowhere')).toEqual([]);
  });

  it('leaves out places nobody lives in any more, and finds nothing for unknown names', () => {
    expect(names('old town')).toEqual([]);
    expect(names('qqq')).toEqual([]);
    expect(names('   ')).toEqual([]);
  });

  it('gives region, English country name and the time zone at the coordinates', () => {
    expect(gazetteer.search('denver', 1)[0]).toMatchObject({
      name: 'Denver',
      region: 'Colorado',
      country: 'United States',
      countryCode: 'US',
      timeZone: 'America/Denver',
      population: 682_545,
    });
    expect(gazetteer.search('zurich', 1)[0]).toMatchObject({ country: 'Switzerland', timeZone: 'Europe/Zurich' });
    expect(gazetteer.search('winston', 1)[0]?.region).toBeNull(); // no admin1 name known
  });
});

describe('Gazetteer.matchName and get', () => {
  it('matches only exact names, the most populous of several', () => {
    expect(gazetteer.matchName('paris')?.countryCode).toBe('FR');
    expect(gazetteer.matchName('Paris, TX')?.countryCode).toBe('US');
    expect(gazetteer.matchName('Portland')?.region).toBe('Oregon');
    expect(gazetteer.matchName('Denv')).toBeNull();
    expect(gazetteer.matchName('Atlantis')).toBeNull();
  });

  it('finds the largest place of a region or country', () => {
    expect(gazetteer.largestIn('CO, US')?.name).toBe('Denver');
    expect(gazetteer.largestIn('Oregon')?.name).toBe('Portland');
    expect(gazetteer.largestIn('France')?.name).toBe('Paris');
    expect(gazetteer.largestIn('Atlantis')).toBeNull();
  });

  it('finds a place by id', () => {
    const denver = gazetteer.search('denver', 1)[0]!;
    expect(gazetteer.get(denver.id)).toEqual(denver);
    expect(gazetteer.get('999999')).toBeNull();
  });
});
