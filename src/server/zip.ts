import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  path: string;
  data: Buffer;
}

/** 1 January 2026 00:00 in DOS format: one fixed stamp keeps an archive reproducible. */
const DOS_TIME = 0;
const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1;
/** Made by: Unix, version 2.0. With the UTF-8 flag, unzip tools then read the names as UTF-8, not as a DOS code page. */
const MADE_BY = (3 << 8) | 20;

/**
 * A plain ZIP archive written entry by entry (deflate, no zip64: well under 4 GB and 65k
 * files): `add` answers an entry's bytes at once (its sizes are known: the entry is compressed
 * whole before its header is written), `finish` the central directory that ends the archive.
 * So an archive can be sent while it is made, holding one entry and a directory row per entry.
 */
export class ZipWriter {
  private readonly centrals: Buffer[] = [];
  private offset = 0;
  private count = 0;

  add(path: string, data: Buffer): Buffer {
    const name = Buffer.from(path, 'utf8');
    const compressed = deflateRawSync(data, { level: 9 });
    const crc = crc32(data);
    // The local and central headers share one run of fields: version needed .. name length.
    const shared = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at);
      header.writeUInt16LE(0x0800, at + 2); // names are UTF-8
      header.writeUInt16LE(8, at + 4); // deflate
      header.writeUInt16LE(DOS_TIME, at + 6);
      header.writeUInt16LE(DOS_DATE, at + 8);
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(compressed.length, at + 14);
      header.writeUInt32LE(data.length, at + 18);
      header.writeUInt16LE(name.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    shared(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(MADE_BY, 4);
    shared(central, 6);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // regular file, rw-r--r--
    central.writeUInt32LE(this.offset, 42);
    this.centrals.push(central, name);
    this.count += 1;
    const entry = Buffer.concat([local, name, compressed]);
    this.offset += entry.length;
    return entry;
  }

  finish(): Buffer {
    const centralSize = this.centrals.reduce((n, b) => n + b.length, 0);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.count, 8);
    end.writeUInt16LE(this.count, 10);
    end.writeUInt32LE(centralSize, 12);
    end.writeUInt32LE(this.offset, 16);
    return Buffer.concat([...this.centrals, end]);
  }
}

/** An archive of `entries` at once, sorted by path, so the same files give the same bytes. */
export function createZip(entries: readonly ZipEntry[]): Buffer {
  const writer = new ZipWriter();
  const parts = [...entries].sort((a, b) => a.path.localeCompare(b.path)).map((entry) => writer.add(entry.path, entry.data));
  return Buffer.concat([...parts, writer.finish()]);
}

/** How much an archive may hold once opened: what one import may bring, whatever the headers say. */
export interface ZipLimits {
  /** Entries in the central directory. */
  entries: number;
  /** Bytes of all entries once inflated, counted as they come out. */
  bytes: number;
  /** Inflated bytes per compressed byte, over the whole archive (text deflates about 3 to 10 times). */
  ratio: number;
}

/** Why an archive is refused whole. */
export type ZipRefusal = 'unreadable' | 'entries' | 'bytes' | 'nested';

/** An archive refused whole; `inflated`: the bytes read out of it before stopping. */
export class ZipRefused extends Error {
  constructor(
    readonly reason: ZipRefusal,
    message: string,
    readonly inflated: number,
  ) {
    super(message);
  }
}

/** What a nested archive starts with: zip, gzip, bzip2, 7z, rar, xz, zstd. */
const ARCHIVE_MAGIC = ['504b0304', '504b0506', '1f8b', '425a68', '377abcaf', '52617221', 'fd377a58', '28b52ffd'];
const ARCHIVE_NAME = /\.(zip|gz|tgz|tar|bz2|7z|rar|xz|zst|jar)$/i;

/**
 * The files of a ZIP archive by path, read from its central directory (what an unzip tool
 * reads): what createZip writes and what other tools' zips hold, stored or deflated entries (no
 * zip64). A hostile archive costs no more than `limits`: the header's sizes are never trusted;
 * every entry is inflated with what is left of the byte budget as its ceiling (zlib stops there),
 * so entries that share one run of compressed data are counted each time; an archive inside it
 * is refused.
 */
export function readZip(zip: Buffer, limits: ZipLimits = { entries: 65_535, bytes: 2 ** 30, ratio: 1032 }): Map<string, Buffer> {
  let inflated = 0;
  const refuse = (message: string, reason: ZipRefusal = 'unreadable') => new ZipRefused(reason, message, inflated);
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw refuse('not a zip: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  if (count > limits.entries) throw refuse(`more than ${limits.entries} files`, 'entries');
  // The ratio's budget comes from the archive's real size, not from what its headers claim.
  const budget = Math.min(limits.bytes, zip.length * limits.ratio);
  let at = zip.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw refuse(`bad central directory entry ${i}`);
    const flags = zip.readUInt16LE(at + 8);
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (flags & 1) throw refuse(`${name} is encrypted`);
    if (method !== 0 && method !== 8) throw refuse(`${name} is compressed in a way this reader does not know`);
    if (ARCHIVE_NAME.test(name)) throw refuse(`${name} is an archive inside the archive`, 'nested');
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const data = zip.subarray(dataAt, dataAt + compressedSize);
    const left = budget - inflated;
    let file: Buffer;
    if (method === 0) {
      if (data.length > left) throw refuse(`more than ${budget} bytes once opened`, 'bytes');
      file = Buffer.from(data);
    } else {
      try {
        // zlib stops as soon as its output passes the ceiling: never more than `left` (and one chunk) in memory.
        file = inflateRawSync(data, { maxOutputLength: Math.max(left, 1) });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
          inflated = budget;
          throw refuse(`more than ${budget} bytes once opened`, 'bytes');
        }
        throw refuse(`${name} cannot be inflated`);
      }
    }
    inflated += file.length;
    if (ARCHIVE_MAGIC.some((magic) => file.subarray(0, magic.length / 2).toString('hex') === magic))
      throw refuse(`${name} is an archive inside the archive`, 'nested');
    files.set(name, file);
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}
