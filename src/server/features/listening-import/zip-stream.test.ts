import { readFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildZip, type ZipEntryInput } from '#tests/factories/zip.ts';
import { ByteSource, looksLikeZip, readZip, type ZipEntrySink, ZipFormatError } from './zip-stream.ts';

const LIMITS = { maxEntries: 100, maxUncompressedBytes: 10 * 1024 * 1024 };

/** The zip fed in pieces of `size` bytes, as a request body arrives. */
function sourceOf(zip: Buffer, size: number) {
  let at = 0;
  return new ByteSource(async () => {
    if (at >= zip.length) return null;
    const chunk = zip.subarray(at, at + size);
    at += size;
    return chunk;
  });
}

/** Reads the zip, collecting the wanted entries' text (`want` picks by name). */
async function read(zip: Buffer, size: number, want: (name: string) => boolean = () => true, limits = LIMITS) {
  const texts = new Map<string, string>();
  const open = (name: string): ZipEntrySink | null => {
    if (!want(name)) return null;
    const parts: Buffer[] = [];
    return {
      write: (chunk) => parts.push(Buffer.from(chunk)),
      end: () => texts.set(name, Buffer.concat(parts).toString()),
    };
  };
  const result = await readZip(sourceOf(zip, size), open, limits);
  return { texts, ...result };
}

const history = JSON.stringify(
  Array.from({ length: 500 }, (_, i) => ({ endTime: '2026-03-14 21:07', artistName: `Band ${i % 7}`, msPlayed: i })),
);

describe('readZip (streamed zip entries)', () => {
  it('reads stored and deflated entries, with and without data descriptors, however the stream is cut', async () => {
    const entries: ZipEntryInput[] = [
      { name: 'Spotify Account Data/', data: '', method: 'stored' },
      { name: 'Spotify Account Data/StreamingHistory_music_0.json', data: history, method: 'deflate' },
      { name: 'Spotify Account Data/StreamingHistory_music_1.json', data: history, method: 'stored' },
      { name: 'Spotify Extended Streaming History/Streaming_History_Audio_2024.json', data: history, descriptor: true },
      { name: 'Spotify Account Data/Ünïcode.json', data: 'ü'.repeat(3000), method: 'deflate', descriptor: true },
    ];
    const zip = buildZip(entries);
    expect(looksLikeZip(zip)).toBe(true);
    for (const size of [5, 100, 4096, zip.length]) {
      const { texts, entries: seen } = await read(zip, size);
      expect(seen).toBe(5);
      expect([...texts.keys()]).toEqual(entries.slice(1).map((entry) => entry.name));
      for (const entry of entries.slice(1)) expect(texts.get(entry.name)).toBe(entry.data);
    }
  });

  it('finds the end of a deflated entry with a descriptor when it falls exactly on a chunk boundary', async () => {
    const data = 'hello world '.repeat(1000);
    const name = 'StreamingHistory_music_0.json';
    const zip = buildZip([
      { name, data, descriptor: true },
      { name: 'b.json', data: 'x'.repeat(100), descriptor: true },
    ]);
    const end = 30 + name.length + deflateRawSync(data).length;
    for (const cuts of [[end], [end - 1, end], [10, end, end + 4]]) {
      const pieces: Buffer[] = [];
      let at = 0;
      for (const cut of [...cuts, zip.length]) {
        pieces.push(zip.subarray(at, cut));
        at = cut;
      }
      const lengths: string[] = [];
      const open = (entry: string): ZipEntrySink => {
        let length = 0;
        return { write: (chunk) => (length += chunk.length), end: () => lengths.push(`${entry}: ${length}`) };
      };
      await readZip(new ByteSource(async () => pieces.shift() ?? null), open, LIMITS);
      expect(lengths).toEqual([`${name}: ${data.length}`, 'b.json: 100']);
    }
  });

  it('skips the entries not wanted, deflated or stored, with or without descriptors', async () => {
    const zip = buildZip([
      { name: 'Spotify Account Data/YourLibrary.json', data: '{"tracks":[]}'.repeat(500) },
      { name: 'Spotify Account Data/Podcasts.json', data: 'x'.repeat(5000), descriptor: true },
      { name: 'Spotify Account Data/Read_Me_First.pdf', data: Buffer.alloc(3000, 7), method: 'stored' },
      { name: 'Spotify Account Data/StreamingHistory_music_0.json', data: history, descriptor: true },
    ]);
    const { texts } = await read(zip, 333, (name) => name.endsWith('StreamingHistory_music_0.json'));
    expect([...texts.keys()]).toEqual(['Spotify Account Data/StreamingHistory_music_0.json']);
    expect(texts.get('Spotify Account Data/StreamingHistory_music_0.json')).toBe(history);
  });

  it('reads a zip written by Info-ZIP to a pipe (deflated entries with data descriptors)', async () => {
    const zip = readFileSync('tests/fixtures/spotify-export-info-zip-piped.zip');
    const { texts } = await read(zip, 50);
    expect(JSON.parse(texts.get('Spotify Account Data/StreamingHistory_music_0.json')!)).toHaveLength(2);
    expect(texts.get('Spotify Account Data/YourLibrary.json')).toBe('{"library":[]}');
  });

  it('refuses a zip bomb: the unpacked bytes are capped, for skipped entries too', async () => {
    const zeros = Buffer.alloc(20 * 1024 * 1024);
    const bomb = buildZip([{ name: 'StreamingHistory_music_0.json', data: zeros }]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    await expect(read(bomb, 4096)).rejects.toThrow(/unpacks to more than/);
    const hidden = buildZip([{ name: 'padding.bin', data: zeros, descriptor: true }]);
    await expect(read(hidden, 4096, () => false)).rejects.toThrow(/unpacks to more than/);
  });

  it('refuses too many entries, damaged data, a cut-short zip and a stored entry without its size', async () => {
    const many = buildZip(Array.from({ length: 101 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' })));
    await expect(read(many, 1000)).rejects.toThrow(/more than 100 files/);

    const zip = buildZip([{ name: 'StreamingHistory_music_0.json', data: history }]);
    const damaged = Buffer.from(zip);
    damaged[60] = (damaged[60] ?? 0) ^ 0xff;
    await expect(read(damaged, 1000)).rejects.toBeInstanceOf(ZipFormatError);
    await expect(read(zip.subarray(0, 200), 1000)).rejects.toThrow(/cut short/);

    const stored = buildZip([
      { name: 'StreamingHistory_music_0.json', data: history, method: 'stored', descriptor: true },
    ]);
    await expect(read(stored, 1000)).rejects.toThrow(/stored without its size/);

    await expect(read(Buffer.from('[{"endTime": "x"}]'), 10)).rejects.toThrow(/not a zip/);
  });

  it('stops at the central directory, leaving it unread', async () => {
    const zip = buildZip([{ name: 'a.json', data: deflateRawSync('x').toString('latin1') }]);
    const source = sourceOf(zip, 16);
    await readZip(source, () => null, LIMITS);
    expect((await source.peek(4)).length).toBe(4);
  });
});
