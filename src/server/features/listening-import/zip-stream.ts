/**
 * Reads a .zip as it streams in, entry by entry, from the local file headers (ADR 0033, zip
 * exports): Spotify's "Download your data" arrives as `my_spotify_data.zip`, and the upload must
 * never be held whole (the central directory, at the end, is not needed to read the entries).
 *
 * - Entries are stored (method 0) or deflated (method 8, node:zlib's inflateRaw). Others, and
 *   encrypted ones, are refused when wanted and skipped when not.
 * - Data descriptors (flag bit 3: the sizes follow the data): a deflate stream ends by itself, so
 *   the inflater finds the end and `bytesWritten` says where; the descriptor after it is checked
 *   against that size. A *stored* entry with a descriptor has no findable end without the central
 *   directory: refused ("unzip it first"). Zip writers that stream use deflate, so this is rare.
 * - Zip bombs: the entries' uncompressed bytes are counted as they come out and capped (all
 *   entries together, skipped deflated ones too), and so is the number of entries. Entries not
 *   wanted are skipped without inflating when their size is known.
 * - Every entry read is checked against its CRC-32 and sizes: a damaged zip is an error, not
 *   partial counts.
 */
import { crc32, createInflateRaw } from 'node:zlib';

export class ZipFormatError extends Error {}

export interface ZipLimits {
  maxEntries: number;
  maxUncompressedBytes: number;
}

/** What receives one wanted entry's bytes; `write` and `end` may throw to refuse the entry. */
export interface ZipEntrySink {
  write(chunk: Uint8Array): void;
  end(): void;
}

const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
const ZIP64_END_OF_CENTRAL = 0x06064b50;
const DATA_DESCRIPTOR = 0x08074b50;
const FLAG_ENCRYPTED = 0x1;
const FLAG_DESCRIPTOR = 0x8;
const FLAG_UTF8 = 0x800;
const STORED = 0;
const DEFLATED = 8;
/** Input handed to the inflater at once: bounds what one step can unpack before the cap is checked. */
const STEP = 64 * 1024;

/** The first bytes of a zip (an entry, or the end record of an empty zip). */
export function looksLikeZip(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5);
}

/** Pull-based bytes over an async iterator, with put-back (the bytes after a deflate stream's end). */
export class ByteSource {
  private buffer: Buffer = Buffer.alloc(0);
  private done = false;

  constructor(private readonly next: () => Promise<Uint8Array | null>) {}

  private async pull(): Promise<boolean> {
    if (this.done) return false;
    const chunk = await this.next();
    if (!chunk) {
      this.done = true;
      return false;
    }
    // A view, not a copy (Buffer.from(view) would copy every chunk of the upload).
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([this.buffer, bytes]);
    return true;
  }

  /** Up to n bytes without taking them (fewer only when the input ends). */
  async peek(n: number): Promise<Buffer> {
    while (this.buffer.length < n) if (!(await this.pull())) break;
    return this.buffer.subarray(0, Math.min(n, this.buffer.length));
  }

  /** Exactly n bytes, or null when the input ends first. */
  async take(n: number): Promise<Buffer | null> {
    while (this.buffer.length < n) if (!(await this.pull())) return null;
    const out = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    return out;
  }

  /** Between 1 and max bytes (what is there, or the next chunk), or null at the end. */
  async takeUpTo(max: number): Promise<Buffer | null> {
    if (this.buffer.length === 0 && !(await this.pull())) return null;
    const out = this.buffer.subarray(0, Math.min(max, this.buffer.length));
    this.buffer = this.buffer.subarray(out.length);
    return out;
  }

  unshift(bytes: Buffer): void {
    this.buffer = this.buffer.length === 0 ? bytes : Buffer.concat([bytes, this.buffer]);
  }
}

interface Entry {
  name: string;
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  zip64: boolean;
}

/**
 * Reads every entry; `open(name)` returns a sink for the wanted ones (null: skipped). Stops at the
 * central directory (what follows is left unread in `source`). Throws ZipFormatError.
 */
export async function readZip(
  source: ByteSource,
  open: (name: string) => ZipEntrySink | null,
  limits: ZipLimits,
): Promise<{ entries: number }> {
  let entries = 0;
  const budget = { left: limits.maxUncompressedBytes };
  for (;;) {
    const signature = await source.take(4);
    if (!signature) throw new ZipFormatError('it ends in the middle (cut short?)');
    const kind = signature.readUInt32LE(0);
    if (kind === CENTRAL_HEADER || kind === END_OF_CENTRAL || kind === ZIP64_END_OF_CENTRAL) return { entries };
    if (kind !== LOCAL_HEADER) throw new ZipFormatError(entries === 0 ? 'it is not a zip file' : 'it is damaged');
    if (++entries > limits.maxEntries) throw new ZipFormatError(`it has more than ${limits.maxEntries} files in it`);
    const entry = await readHeader(source);
    if (entry.name.endsWith('/')) continue; // a folder: no data
    const sink = open(entry.name);
    const descriptor = (entry.flags & FLAG_DESCRIPTOR) !== 0;
    if (!sink && !descriptor) {
      await skip(source, entry.compressedSize);
      continue;
    }
    if (entry.flags & FLAG_ENCRYPTED) throw new ZipFormatError(`“${entry.name}” in it is encrypted`);
    if (entry.method === STORED) {
      if (descriptor) throw new ZipFormatError(`“${entry.name}” in it is stored without its size: unzip it first`);
      await copyStored(source, entry, sink!, budget, limits.maxUncompressedBytes);
    } else if (entry.method === DEFLATED) {
      await inflateEntry(source, entry, sink, budget, limits.maxUncompressedBytes);
    } else {
      throw new ZipFormatError(
        `“${entry.name}” in it is compressed in a way this cannot read (method ${entry.method})`,
      );
    }
  }
}

async function readHeader(source: ByteSource): Promise<Entry> {
  const header = await source.take(26);
  if (!header) throw new ZipFormatError('it ends in the middle (cut short?)');
  const flags = header.readUInt16LE(2);
  const nameLength = header.readUInt16LE(22);
  const extraLength = header.readUInt16LE(24);
  const rest = await source.take(nameLength + extraLength);
  if (!rest) throw new ZipFormatError('it ends in the middle (cut short?)');
  const name = rest.subarray(0, nameLength).toString(flags & FLAG_UTF8 ? 'utf8' : 'latin1');
  let compressedSize = header.readUInt32LE(14);
  let size = header.readUInt32LE(18);
  let zip64 = false;
  // ZIP64: the sizes are in the extra field 0x0001 (uncompressed first, then compressed).
  const extra = rest.subarray(nameLength);
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = extra.readUInt16LE(at);
    const length = extra.readUInt16LE(at + 2);
    if (id === 0x0001) {
      zip64 = true;
      let field = at + 4;
      if (size === 0xffffffff && field + 8 <= at + 4 + length) {
        size = Number(extra.readBigUInt64LE(field));
        field += 8;
      }
      if (compressedSize === 0xffffffff && field + 8 <= at + 4 + length) {
        compressedSize = Number(extra.readBigUInt64LE(field));
      }
    }
    at += 4 + length;
  }
  return { name, flags, method: header.readUInt16LE(4), crc: header.readUInt32LE(10), compressedSize, size, zip64 };
}

async function skip(source: ByteSource, bytes: number): Promise<void> {
  for (let left = bytes; left > 0; ) {
    const chunk = await source.takeUpTo(Math.min(left, STEP));
    if (!chunk) throw new ZipFormatError('it ends in the middle (cut short?)');
    left -= chunk.length;
  }
}

function spend(budget: { left: number }, bytes: number, max: number): void {
  budget.left -= bytes;
  if (budget.left < 0) throw new ZipFormatError(`it unpacks to more than ${Math.round(max / 1024 ** 3)} GB`);
}

async function copyStored(source: ByteSource, entry: Entry, sink: ZipEntrySink, budget: { left: number }, max: number) {
  if (entry.size !== entry.compressedSize) throw new ZipFormatError('it is damaged');
  let crc = 0;
  for (let left = entry.compressedSize; left > 0; ) {
    const chunk = await source.takeUpTo(Math.min(left, STEP));
    if (!chunk) throw new ZipFormatError('it ends in the middle (cut short?)');
    left -= chunk.length;
    spend(budget, chunk.length, max);
    crc = crc32(chunk, crc);
    sink.write(chunk);
  }
  if (crc !== entry.crc) throw new ZipFormatError(`“${entry.name}” in it is damaged`);
  sink.end();
}

/**
 * Inflates one entry: exactly its compressed size when known, else until the deflate stream ends
 * (then the data descriptor). The output goes to `sink` (null: read only to find the end).
 */
async function inflateEntry(
  source: ByteSource,
  entry: Entry,
  sink: ZipEntrySink | null,
  budget: { left: number },
  max: number,
): Promise<void> {
  const descriptor = (entry.flags & FLAG_DESCRIPTOR) !== 0;
  const inflater = createInflateRaw();
  let failure: unknown = null;
  let crc = 0;
  let produced = 0;
  const ended = new Promise<void>((resolve) => inflater.once('end', resolve));
  // Damaged data: zlib errors and may never call back the write it was on, so every wait races this.
  const broken = new Promise<never>((_, reject) => inflater.once('error', reject));
  broken.catch(() => {}); // raced below; this only keeps an early rejection from being "unhandled"
  inflater.on('data', (chunk: Buffer) => {
    if (failure) return;
    try {
      spend(budget, chunk.length, max);
      produced += chunk.length;
      crc = crc32(chunk, crc);
      sink?.write(chunk);
    } catch (error) {
      failure = error;
    }
  });
  let written = 0;
  try {
    for (;;) {
      if (!descriptor && written === entry.compressedSize) {
        inflater.end();
        break;
      }
      const wanted = descriptor ? STEP : Math.min(STEP, entry.compressedSize - written);
      const chunk = await source.takeUpTo(wanted);
      if (!chunk) throw new ZipFormatError('it ends in the middle (cut short?)');
      written += chunk.length;
      await Promise.race([
        new Promise<void>((resolve, reject) => inflater.write(chunk, (error) => (error ? reject(error) : resolve()))),
        broken,
      ]);
      if (failure) throw failure;
      // The deflate stream ended inside this chunk: what it did not read belongs to the next record.
      if (inflater.bytesWritten < written) {
        const unread = written - inflater.bytesWritten;
        source.unshift(Buffer.from(chunk.subarray(chunk.length - unread)));
        written -= unread;
        break;
      }
    }
    await Promise.race([ended, broken]);
  } catch (error) {
    if (error instanceof ZipFormatError || failure === error) throw error;
    throw new ZipFormatError(`“${entry.name}” in it is damaged`);
  } finally {
    inflater.destroy();
  }
  if (failure) throw failure;
  let expected = { crc: entry.crc, compressedSize: entry.compressedSize, size: entry.size };
  if (descriptor) expected = await readDescriptor(source, entry, written);
  if (written !== expected.compressedSize || produced !== expected.size || crc !== expected.crc) {
    throw new ZipFormatError(`“${entry.name}” in it is damaged`);
  }
  sink?.end();
}

/** The data descriptor after an entry: [signature] crc, sizes (4 bytes each, or 8 with ZIP64). */
async function readDescriptor(source: ByteSource, entry: Entry, written: number) {
  let head = await source.take(4);
  if (head?.readUInt32LE(0) === DATA_DESCRIPTOR) head = await source.take(4);
  if (!head) throw new ZipFormatError('it ends in the middle (cut short?)');
  const crc = head.readUInt32LE(0);
  const wide = entry.zip64 || written > 0xfffffffe;
  const sizes = await source.take(wide ? 16 : 8);
  if (!sizes) throw new ZipFormatError('it ends in the middle (cut short?)');
  return wide
    ? { crc, compressedSize: Number(sizes.readBigUInt64LE(0)), size: Number(sizes.readBigUInt64LE(8)) }
    : { crc, compressedSize: sizes.readUInt32LE(0), size: sizes.readUInt32LE(4) };
}
