import { describe, expect, it } from 'vitest';
import { artworkSvg, generateArtwork, initials } from './artwork.ts';
import { commonsThumbnailUrl, pickImageFile, wikidataId } from './wikidata-photo.ts';

describe('generated artwork', () => {
  it('uses up to two initials and skips a leading The', () => {
    expect(initials('The Black Keys')).toBe('BK');
    expect(initials('adele')).toBe('A');
    expect(initials('Queens of the Stone Age')).toBe('QO');
    expect(initials('Sigur Rós')).toBe('SR');
    expect(initials('!!!')).toBe('♪');
  });

  it('draws the same picture for the same name and a different one for another name', async () => {
    expect(artworkSvg('Northern Lanterns')).toBe(artworkSvg('northern lanterns'));
    expect(artworkSvg('Northern Lanterns')).not.toBe(artworkSvg('Southern Lanterns'));
    const [first, second] = await Promise.all([generateArtwork('Velvet Harbour'), generateArtwork('Velvet Harbour')]);
    expect(first.equals(second)).toBe(true);
  });

  it('escapes names that look like markup', () => {
    expect(artworkSvg('<Script> & "Co"')).toContain('>SC<');
    expect(artworkSvg('<b>')).not.toContain('<b>');
  });
});

describe('Wikidata photo lookup helpers', () => {
  it('reads the item id from a Wikidata URL', () => {
    expect(wikidataId('https://www.wikidata.org/wiki/Q98765432')).toBe('Q98765432');
    expect(wikidataId('https://example.org/nothing')).toBeNull();
  });

  it('builds the Commons thumbnail URL from the md5 of the underscored name', () => {
    expect(commonsThumbnailUrl('Tour Eiffel Wikimedia Commons.jpg')).toBe(
      'https://upload.wikimedia.org/wikipedia/commons/thumb/a/a8/Tour_Eiffel_Wikimedia_Commons.jpg/500px-Tour_Eiffel_Wikimedia_Commons.jpg',
    );
    expect(commonsThumbnailUrl('Logo.svg')).toMatch(/\/500px-Logo\.svg\.png$/);
  });

  it('prefers a preferred statement and never picks a deprecated one', () => {
    const statement = (rank: 'preferred' | 'normal' | 'deprecated', value: string) => ({
      rank,
      mainsnak: { snaktype: 'value', datavalue: { value } },
    });
    expect(pickImageFile([statement('normal', 'a.jpg'), statement('preferred', 'b.jpg')])).toBe('b.jpg');
    expect(pickImageFile([statement('deprecated', 'old.jpg'), statement('normal', 'new.jpg')])).toBe('new.jpg');
    expect(pickImageFile([statement('deprecated', 'old.jpg')])).toBeNull();
  });
});
