import { describe, expect, it } from 'vitest';
import { BAND_NAME_MAX_LENGTH, validateBandSearch } from './search.ts';

function problemTitle(input: string): string | null {
  const result = validateBandSearch(input);
  return result.ok ? null : result.problem.title;
}

describe('validateBandSearch', () => {
  it('rejects empty and whitespace-only input', () => {
    expect(validateBandSearch('')).toEqual({
      ok: false,
      problem: { title: 'Enter a band name', description: 'Please enter a band name to search' },
    });
    expect(problemTitle('   \t ')).toBe('Enter a band name');
  });

  it('allows exactly 100 characters after trimming and rejects 101', () => {
    const hundred = 'a'.repeat(BAND_NAME_MAX_LENGTH);
    expect(validateBandSearch(`  ${hundred}  `)).toEqual({ ok: true, query: hundred });
    expect(validateBandSearch(`${hundred}b`)).toEqual({
      ok: false,
      problem: { title: 'Band name too long', description: 'Please enter a band name with less than 100 characters' },
    });
  });

  it.each(['<', '>', '{', '}', '\\'])('rejects the character %s', (character) => {
    expect(validateBandSearch(`Band ${character} Name`)).toEqual({
      ok: false,
      problem: { title: 'Invalid characters', description: 'Band name contains invalid characters' },
    });
  });

  it('checks length before characters, as the spec orders them', () => {
    expect(problemTitle(`<${'a'.repeat(BAND_NAME_MAX_LENGTH)}`)).toBe('Band name too long');
  });

  it('accepts ordinary names with punctuation and accents, trimmed', () => {
    expect(validateBandSearch('  Sigur Rós & Friends!  ')).toEqual({ ok: true, query: 'Sigur Rós & Friends!' });
    expect(validateBandSearch("Guns N' Roses (live)")).toEqual({ ok: true, query: "Guns N' Roses (live)" });
  });
});
