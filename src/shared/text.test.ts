import { describe, expect, it } from 'vitest';
import { titleCase } from './text.ts';

describe('titleCase', () => {
  it('capitalises the first letter of each word and lowers the rest (spec)', () => {
    expect(titleCase('the midnight lanterns')).toBe('The Midnight Lanterns');
    expect(titleCase('NORTHERN LANTERNS')).toBe('Northern Lanterns');
    expect(titleCase('jean-michel jarre')).toBe('Jean-Michel Jarre');
  });

  it('keeps known acronyms and stylised names', () => {
    expect(titleCase('dj shadow')).toBe('DJ Shadow');
    expect(titleCase('Dj Shadow')).toBe('DJ Shadow');
    expect(titleCase('MGMT')).toBe('MGMT');
    expect(titleCase('mgmt')).toBe('MGMT');
    expect(titleCase('ac/dc')).toBe('AC/DC');
    expect(titleCase('LCD SOUNDSYSTEM')).toBe('LCD Soundsystem');
    expect(titleCase('tv on the radio')).toBe('TV on the Radio');
  });

  it('leaves a word styled on purpose as it is', () => {
    expect(titleCase('Paul McCartney')).toBe('Paul McCartney');
    expect(titleCase('alt-J')).toBe('alt-J');
  });

  it('keeps "of the" and other short words lower-case inside a name, never first or last', () => {
    expect(titleCase('QUEENS OF THE STONE AGE')).toBe('Queens of the Stone Age');
    expect(titleCase('Queens Of The Stone Age')).toBe('Queens of the Stone Age');
    expect(titleCase('florence and the machine')).toBe('Florence and the Machine');
    expect(titleCase('of monsters and men')).toBe('Of Monsters and Men');
    expect(titleCase('the the')).toBe('The The');
  });

  it('keeps the spacing it was given', () => {
    expect(titleCase('  two  spaces ')).toBe('  Two  Spaces ');
  });
});
