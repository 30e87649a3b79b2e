import { describe, expect, it } from 'vitest';
import { countryName, placeLabel } from './place-label.ts';

describe('placeLabel', () => {
  it('shows the state code for US stops', () => {
    expect(placeLabel({ city: 'Morrison', region: 'CO', country: 'US' })).toBe('Morrison, CO');
  });

  it('falls back to the country for a US stop without a region', () => {
    expect(placeLabel({ city: 'Somewhere', region: null, country: 'US' })).toBe('Somewhere, United States');
  });

  it('names the country in full, as every page does (never "Nagoya, JP")', () => {
    expect(placeLabel({ city: 'Nagoya', region: null, country: 'JP' })).toBe('Nagoya, Japan');
  });

  it('leaves no dangling comma or stray space when the country is unknown', () => {
    expect(placeLabel({ city: 'London', region: null, country: '' })).toBe('London');
    expect(placeLabel({ city: ' London ', country: null })).toBe('London');
  });

  it('shows the country name, not the region, outside the US', () => {
    expect(placeLabel({ city: 'Toronto', region: 'Ontario', country: 'CA' })).toBe('Toronto, Canada');
    expect(placeLabel({ city: 'London', region: null, country: 'GB' })).toBe('London, United Kingdom');
  });
});

describe('countryName', () => {
  it('keeps values that are not two-letter codes', () => {
    expect(countryName('Atlantis')).toBe('Atlantis');
    expect(countryName('gb')).toBe('gb');
  });
});
