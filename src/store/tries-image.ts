import { createHash } from "node:crypto";
import { closeSync, existsSync, fsyncSync, openSync, readSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { bytesEqual } from "./bytes";
import { HASH_LEN } from "./hash";
import { type ArenaImage, INNER_STRIDE, type NodeArena } from "./node-arena";

/**
 * The committed tries saved when the store closes, so the next open reads them back instead of
 * rebuilding them from every value-hash record (a scan and a hash per node: a minute at 10M
 * keys, a few seconds this way).
 *
 * The image is used at most once: open deletes it whether it used it or not, before the store
 * can commit, so it never describes a state other than the one it was saved with. It is used
 * only if it names the committed height and app hash, and its bytes give the sha256 at its
 * end. A node that stopped without closing (a crash, a kill) has no image and rebuilds, which
 * also checks the whole stored state against the app hash; deleting the file forces that.
 *
 * Layout: MAGIC, a uint32 (LE) header length, the header (JSON), the arrays in `arraysOf`'s
 * order as little-endian bytes, then sha256 of all that.
 */
export const TRIES_IMAGE_FILE = "tries.image";
const MAGIC = Buffer.from("blockchain tries image v1\n", "latin1");

interface Header {
  height: string;
  appHash: string;
  roots: Array<[string, number]>;
  innerCount: number;
  leafCount: number;
  freeInner: number;
  freeLeaves: number;
  keyBytes: number;
  deadKeyBytes: number;
}

export interface SavedAt {
  height: bigint;
  hash: Uint8Array;
}

/** An image's arrays in file order. */
function arraysOf(img: ArenaImage): Array<Uint8Array | Int32Array | Uint32Array> {
  return [img.inner, img.innerHashes, img.leafHashes, img.freeInner, img.freeLeaves, img.keys.bytes, img.keys.start, img.keys.length];
}

/** Each array's length in bytes as the header gives it, in `arraysOf`'s order. */
function sectionBytes(h: Header): number[] {
  return [
    h.innerCount * INNER_STRIDE * 4,
    h.innerCount * HASH_LEN,
    h.leafCount * HASH_LEN,
    h.freeInner * 4,
    h.freeLeaves * 4,
    h.keyBytes,
    h.leafCount * 4,
    h.leafCount * 4,
  ];
}

const bytesOf = (a: Uint8Array | Int32Array | Uint32Array) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** Writes the image of `roots` over `arena` beside the store's records: a temporary file, fsynced, renamed into place. */
export function writeTriesImage(dir: string, at: SavedAt, roots: ReadonlyMap<string, number>, arena: NodeArena): void {
  const img = arena.image();
  const header: Header = {
    height: at.height.toString(),
    appHash: Buffer.from(at.hash).toString("hex"),
    roots: [...roots],
    innerCount: img.innerCount,
    leafCount: img.leafCount,
    freeInner: img.freeInner.length,
    freeLeaves: img.freeLeaves.length,
    keyBytes: img.keys.end,
    deadKeyBytes: img.keys.dead,
  };
  const headerBytes = Buffer.from(JSON.stringify(header), "utf8");
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  const parts = [MAGIC, length, headerBytes, ...arraysOf(img).map(bytesOf)];
  const sum = createHash("sha256");
  const tmp = join(dir, `${TRIES_IMAGE_FILE}.tmp`);
  try {
    const fd = openSync(tmp, "w");
    try {
      for (const part of parts) {
        sum.update(part);
        writeAll(fd, part);
      }
      writeAll(fd, sum.digest());
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
  renameSync(tmp, join(dir, TRIES_IMAGE_FILE));
  const dirFd = openSync(dir, "r");
  try {
    fsyncSync(dirFd);
  } finally {
    closeSync(dirFd);
  }
}

/**
 * Restores the saved tries into the empty `arena` and returns their roots when the image in
 * `dir` was saved at `at` and is intact; undefined (the arena untouched) otherwise. The file is
 * gone afterwards either way.
 */
export function takeTriesImage(dir: string, at: SavedAt, arena: NodeArena): Map<string, number> | undefined {
  const path = join(dir, TRIES_IMAGE_FILE);
  rmSync(`${path}.tmp`, { force: true });
  if (!existsSync(path)) return undefined;
  try {
    const fd = openSync(path, "r");
    try {
      return readImage(fd, statSync(path).size, at, arena);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Unreadable is as good as absent: the tries are rebuilt from the records.
    return undefined;
  } finally {
    rmSync(path, { force: true });
  }
}

function readImage(fd: number, size: number, at: SavedAt, arena: NodeArena): Map<string, number> | undefined {
  const sum = createHash("sha256");
  let pos = 0;
  const read = (into: Uint8Array) => {
    readAll(fd, into, pos);
    pos += into.length;
    sum.update(into);
  };
  const head = new Uint8Array(MAGIC.length + 4);
  if (size < head.length + HASH_LEN) return undefined;
  read(head);
  if (!bytesEqual(head.subarray(0, MAGIC.length), MAGIC)) return undefined;
  const headerLength = Buffer.from(head.buffer, head.byteOffset + MAGIC.length, 4).readUInt32LE();
  if (headerLength > size - pos - HASH_LEN) return undefined;
  const headerBytes = new Uint8Array(headerLength);
  read(headerBytes);
  // Unparsable JSON throws, which takeTriesImage takes as no image.
  const h = JSON.parse(Buffer.from(headerBytes).toString("utf8")) as Header;
  if (h.height !== at.height.toString() || h.appHash !== Buffer.from(at.hash).toString("hex")) return undefined;
  const sections = sectionBytes(h);
  // A header that does not add up to the file's size is not trusted to size any allocation.
  if (!sections.every((n) => Number.isSafeInteger(n) && n >= 0) || pos + sections.reduce((a, b) => a + b, 0) + HASH_LEN !== size)
    return undefined;
  // Room to grow, so the first commits after the open do not copy the arrays to enlarge them.
  const room = (n: number) => n + (n >> 3) + 1024;
  const innerCap = room(h.innerCount);
  const leafCap = room(h.leafCount);
  const img: ArenaImage = {
    innerCount: h.innerCount,
    leafCount: h.leafCount,
    inner: new Int32Array(innerCap * INNER_STRIDE),
    innerHashes: new Uint8Array(innerCap * HASH_LEN),
    leafHashes: new Uint8Array(leafCap * HASH_LEN),
    freeInner: new Int32Array(h.freeInner),
    freeLeaves: new Int32Array(h.freeLeaves),
    keys: {
      bytes: new Uint8Array(room(h.keyBytes)),
      start: new Uint32Array(leafCap),
      length: new Uint32Array(leafCap),
      end: h.keyBytes,
      dead: h.deadKeyBytes,
    },
  };
  arraysOf(img).forEach((a, i) => read(bytesOf(a).subarray(0, sections[i])));
  const stored = new Uint8Array(HASH_LEN);
  readAll(fd, stored, pos);
  if (!bytesEqual(stored, sum.digest())) return undefined;
  arena.restore(img);
  return new Map(h.roots);
}

function writeAll(fd: number, bytes: Uint8Array): void {
  // writeSync takes at most 2 GiB at once and may write less than it is given.
  for (let off = 0; off < bytes.length;) off += writeSync(fd, bytes, off, Math.min(bytes.length - off, 1 << 30));
}

function readAll(fd: number, into: Uint8Array, position: number): void {
  for (let off = 0; off < into.length;) {
    const n = readSync(fd, into, off, Math.min(into.length - off, 1 << 30), position + off);
    if (n === 0) throw new Error("tries image: file ends early");
    off += n;
  }
}
