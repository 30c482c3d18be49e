import { crc32, deflateRawSync } from 'node:zlib';

/**
 * A hostile zip for tests: one entry's deflated data (`size` zero bytes, about a thousandth of
 * that once compressed) stored once, and `entries` central directory entries that all point at
 * it, each claiming a size of 1 byte. What it inflates to: `entries` × `size`.
 */
export function zipBomb(entries: number, size: number, name = (i: number) => `prompts/${i}.md`): Buffer {
  const data = Buffer.alloc(size, 0x20);
  const compressed = deflateRawSync(data, { level: 9 });
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(1, 22); // the lie: one byte once inflated
  const localName = Buffer.from(name(0));
  local.writeUInt16LE(localName.length, 26);
  const centrals = Array.from({ length: entries }, (_, i) => {
    const entryName = Buffer.from(name(i));
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(1, 24);
    central.writeUInt16LE(entryName.length, 28);
    central.writeUInt32LE(0, 42); // every entry points at the same local entry
    return Buffer.concat([central, entryName]);
  });
  const directory = Buffer.concat(centrals);
  const start = local.length + localName.length + compressed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(start, 16);
  return Buffer.concat([local, localName, compressed, directory, end]);
}
