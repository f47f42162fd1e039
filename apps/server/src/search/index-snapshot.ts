import fs from 'node:fs';
import path from 'node:path';

/**
 * An in-memory index written to a file as it stands, and read back (live-index.ts starts from it and
 * reads the changes since, instead of loading every row: at a million projects the rows took 30 s,
 * the file takes about 1 s). A state is plain data: numbers, strings, arrays and objects of them, and
 * typed arrays, which go into the file as they are in memory and come back as views of the file's
 * bytes, copied only when they grow.
 *
 * The file: 8 bytes of magic, the header's length (4 bytes, little-endian) and 4 of padding, the
 * header (JSON: the meta, the state with each typed array replaced by its part's number, and the
 * parts), then each part, each beginning at a multiple of 8 bytes.
 */

type Typed = Float64Array | Int32Array | Uint32Array | Uint8Array;
const types = { Float64Array, Int32Array, Uint32Array, Uint8Array };
type TypeName = keyof typeof types;

/** Arrays of one type written one after the other, read back as one (their lengths kept beside them). */
export class Joined {
  constructor(readonly arrays: Uint32Array[]) {}
}

interface PartHeader {
  type: TypeName;
  /** From the first part's first byte. */
  offset: number;
  length: number;
}

const magic = Buffer.from('MIHNAIX1');
const align = (bytes: number) => Math.ceil(bytes / 8) * 8;
const typeOf = (array: Typed) => array.constructor.name as TypeName;

export interface Snapshot<Meta> {
  meta: Meta;
  state: unknown;
}

/**
 * Writes the snapshot to `file` at once (synchronously: the state's arrays are the index's own, which
 * change after this turn), through a file beside it renamed into place, so that a reader sees a whole
 * one or the one before.
 */
export function writeSnapshot(file: string, snapshot: Snapshot<unknown>) {
  const parts: (Typed | Joined)[] = [];
  const headers: PartHeader[] = [];
  let offset = 0;
  const state = JSON.stringify(snapshot.state, (_key, value: unknown) => {
    if (!(value instanceof Joined) && !ArrayBuffer.isView(value)) return value;
    const part = value as Typed | Joined;
    const type: TypeName = part instanceof Joined ? 'Uint32Array' : typeOf(part);
    const bytes = part instanceof Joined ? part.arrays.reduce((sum, each) => sum + each.byteLength, 0) : part.byteLength;
    headers.push({ type, offset, length: bytes / types[type].BYTES_PER_ELEMENT });
    parts.push(part);
    offset += align(bytes);
    return { $part: parts.length - 1 };
  });
  const header = Buffer.from(JSON.stringify({ meta: snapshot.meta, parts: headers, state }));
  const lead = Buffer.alloc(16 + align(header.length));
  magic.copy(lead, 0);
  lead.writeUInt32LE(header.length, 8);
  header.copy(lead, 16);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  removeAbandoned(file);
  const temporary = `${file}.${process.pid}.part`;
  const fd = fs.openSync(temporary, 'w');
  let isOpen = true;
  try {
    fs.writeSync(fd, lead);
    const padding = Buffer.alloc(8);
    parts.forEach((part, index) => {
      const views = part instanceof Joined ? part.arrays : [part];
      // writev takes at most 1,024 buffers a call.
      for (let at = 0; at < views.length; at += 1024) fs.writevSync(fd, views.slice(at, at + 1024));
      const bytes = headers[index]!.length * types[headers[index]!.type].BYTES_PER_ELEMENT;
      if (align(bytes) > bytes) fs.writeSync(fd, padding, 0, align(bytes) - bytes);
    });
    // On disk before it takes the old one's place: after a power cut the name holds a whole file, never one of the right length full of zeros.
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    isOpen = false;
    fs.renameSync(temporary, file);
  } catch (error) {
    if (isOpen) fs.closeSync(fd);
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/** Removes the files that writers of `file` which are no longer running left half-written (a crash mid-write). */
function removeAbandoned(file: string) {
  const prefix = `${path.basename(file)}.`;
  for (const name of fs.readdirSync(path.dirname(file))) {
    const pid = Number(/^(\d+)\.part$/.exec(name.slice(prefix.length))?.[1]);
    if (!name.startsWith(prefix) || !pid || pid === process.pid || isRunning(pid)) continue;
    fs.rmSync(path.join(path.dirname(file), name), { force: true });
  }
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The snapshot in `file`, or undefined when there is none (one that is not whole or not one is an error). */
export async function readSnapshot<Meta>(file: string): Promise<Snapshot<Meta> | undefined> {
  let bytes: Buffer;
  try {
    bytes = await fs.promises.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (bytes.length < 16 || !bytes.subarray(0, 8).equals(magic)) throw new Error(`search snapshot: ${file} is not one`);
  // Views need their element size's alignment: a buffer that does not start on one is copied to one that does.
  const buffer = bytes.byteOffset % 8 === 0 ? bytes : Buffer.from(bytes);
  const headerLength = buffer.readUInt32LE(8);
  if (16 + headerLength > buffer.length) throw new Error(`search snapshot: ${file} is cut short`);
  const { meta, parts, state } = JSON.parse(buffer.toString('utf8', 16, 16 + headerLength)) as {
    meta: Meta;
    parts: PartHeader[];
    state: string;
  };
  const start = 16 + align(headerLength);
  const last = parts.at(-1);
  if (last && start + last.offset + last.length * types[last.type].BYTES_PER_ELEMENT > buffer.length) {
    throw new Error(`search snapshot: ${file} is cut short`);
  }
  const views = parts.map(
    ({ type, offset, length }) => new types[type](buffer.buffer as ArrayBuffer, buffer.byteOffset + start + offset, length),
  );
  return {
    meta,
    state: JSON.parse(state, (_key, value: unknown) =>
      value !== null && typeof value === 'object' && '$part' in value ? views[(value as { $part: number }).$part] : value,
    ),
  };
}
