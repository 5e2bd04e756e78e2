import { sha256 } from "../../store/hash";

/**
 * Snapshot format 1: the state of one height as its key/value pairs in key order, cut into
 * chunks of about `chunkBytes`; each chunk is a run of records `u32 key length, key, u32
 * value length, value` (big-endian). The snapshot's metadata lists every chunk's sha256, so
 * a chunk is checked alone, as it arrives, and a bad one refetched from another peer; it also
 * carries the app's meta entries (chain id, initial height, block time), which are outside
 * the state tree. The snapshot hash is sha256 over the chunk hashes.
 */
export const SNAPSHOT_FORMAT = 1;

export interface SnapshotMetadata {
  chunkHashes: Uint8Array[];
  meta: Array<[Uint8Array, Uint8Array]>;
}

export function snapshotHash(chunkHashes: Uint8Array[]): Uint8Array {
  return sha256(Buffer.concat(chunkHashes));
}

export function encodeMetadata(m: SnapshotMetadata): Uint8Array {
  const b64 = (b: Uint8Array) => Buffer.from(b).toString("base64");
  return new TextEncoder().encode(JSON.stringify({ chunk_hashes: m.chunkHashes.map(b64), meta: m.meta.map(([k, v]) => [b64(k), b64(v)]) }));
}

/** Undefined when the bytes are not format 1 metadata (a peer's garbage, another format). */
export function decodeMetadata(bytes: Uint8Array): SnapshotMetadata | undefined {
  try {
    const j = JSON.parse(new TextDecoder().decode(bytes)) as { chunk_hashes?: unknown; meta?: unknown };
    if (!Array.isArray(j.chunk_hashes) || !Array.isArray(j.meta)) return undefined;
    const bytesOf = (s: unknown) => {
      if (typeof s !== "string") throw new Error("not base64");
      return new Uint8Array(Buffer.from(s, "base64"));
    };
    const chunkHashes = j.chunk_hashes.map(bytesOf);
    if (chunkHashes.some((h) => h.length !== 32)) return undefined;
    const meta = j.meta.map((e) => {
      if (!Array.isArray(e) || e.length !== 2) throw new Error("bad meta entry");
      return [bytesOf(e[0]), bytesOf(e[1])] as [Uint8Array, Uint8Array];
    });
    return { chunkHashes, meta };
  } catch {
    return undefined;
  }
}

/** Accumulates records and cuts a chunk whenever it reaches `chunkBytes`. */
export class ChunkWriter {
  private parts: Uint8Array[] = [];
  private size = 0;

  constructor(private readonly chunkBytes: number) {}

  /** Adds a record; returns a finished chunk when this one filled it. */
  add(key: Uint8Array, value: Uint8Array): Uint8Array | undefined {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(key.length);
    const mid = Buffer.alloc(4);
    mid.writeUInt32BE(value.length);
    this.parts.push(head, key, mid, value);
    this.size += 8 + key.length + value.length;
    return this.size >= this.chunkBytes ? this.flush() : undefined;
  }

  /** The last, partly filled chunk (undefined when empty). */
  flush(): Uint8Array | undefined {
    if (this.size === 0) return undefined;
    const chunk = new Uint8Array(Buffer.concat(this.parts));
    this.parts = [];
    this.size = 0;
    return chunk;
  }
}

/** Records of a chunk; throws on a truncated or overlong record. */
export function* readChunk(chunk: Uint8Array): Generator<[Uint8Array, Uint8Array]> {
  const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let o = 0;
  const take = () => {
    if (o + 4 > buf.length) throw new Error("snapshot chunk: truncated record");
    const n = buf.readUInt32BE(o);
    o += 4;
    if (o + n > buf.length) throw new Error("snapshot chunk: truncated record");
    const out = chunk.subarray(o, o + n);
    o += n;
    return out;
  };
  while (o < buf.length) {
    const key = take();
    yield [key, take()];
  }
}
