import { describe, expect, it } from 'vitest';
import { certainPlace } from '../nominatim/nominatim.client.ts';
import { nameWords, sameName, wikidataDate } from './wikidata.client.ts';

describe('venue name matching', () => {
  it('takes the same words, with or without accents, articles and punctuation', () => {
    expect(nameWords("L'Olympia – Bruno Coquatrix")).toEqual(['lolympia', 'bruno', 'coquatrix']);
    expect(sameName('The Anthem', 'Anthem')).toBe(true);
    expect(sameName('Zénith de Paris', 'Zenith Paris')).toBe(true);
    expect(sameName('Red Rocks Amphitheatre', 'Red Rocks Park and Amphitheatre')).toBe(true);
    expect(sameName('Brixton Academy', 'O2 Academy Brixton')).toBe(true);
  });

  it('refuses a single shared word and different names', () => {
    expect(sameName('The Anthem', 'Anthem Row')).toBe(false);
    expect(sameName('Echo Club', 'Echo Lounge')).toBe(false);
    expect(sameName('The', 'The')).toBe(false);
  });
});

describe('Wikidata dates', () => {
  const time = (value: string, precision: number) => ({ time: value, precision });
  it('is as precise as the statement', () => {
    expect(wikidataDate(time('+1941-06-15T00:00:00Z', 11))).toBe('1941-06-15');
    expect(wikidataDate(time('+2017-10-00T00:00:00Z', 10))).toBe('2017-10');
    expect(wikidataDate(time('+1908-00-00T00:00:00Z', 9))).toBe('1908');
    expect(wikidataDate(time('+1900-00-00T00:00:00Z', 7))).toBeNull();
    expect(wikidataDate('1908')).toBeNull();
  });
});

describe('Nominatim: a certain place only', () => {
  const place = { name: 'Harbour Hall', address: null, city: 'Portland', region: 'OR', country: 'US' };
  const result = (lat: string, lon: string, rank: number, city = 'Portland', id = 1) => ({
    osm_type: 'way',
    osm_id: id,
    lat,
    lon,
    place_rank: rank,
    display_name: `Harbour Hall, ${city}`,
    address: { city },
  });
  it('takes one fine result in the right city, or several at the same spot', () => {
    expect(certainPlace([result('45.5231000', '-122.6765000', 30)], place)).toEqual({
      lat: 45.5231,
      lon: -122.6765,
      displayName: 'Harbour Hall, Portland',
      osm: 'way:1',
    });
    expect(
      certainPlace([result('45.5231', '-122.6765', 30), result('45.5232', '-122.6766', 30, 'Portland', 2)], place),
    ).not.toBeNull();
  });
  it('refuses places far apart, the city itself, another town and no answer', () => {
    expect(certainPlace([result('45.5231', '-122.6765', 30), result('45.56', '-122.70', 30)], place)).toBeNull();
    expect(certainPlace([result('45.5152', '-122.6784', 16)], place)).toBeNull();
    expect(certainPlace([result('43.6591', '-70.2568', 30, 'South Portland')], place)).toBeNull();
    expect(certainPlace([], place)).toBeNull();
  });
});
