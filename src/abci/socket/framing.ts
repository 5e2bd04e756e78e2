/**
 * ABCI socket framing: every message is prefixed by its length as an unsigned varint
 * (Go `binary.PutUvarint`), as CometBFT v0.37+ writes it (v0.34 used zigzag; we do not).
 */

export const DEFAULT_MAX_FRAME_BYTES = 128 * 1024 * 1024;

// A uvarint needs at most 10 bytes for a uint64; Go's ReadUvarint rejects anything longer.
const MAX_VARINT_BYTES = 10;

export class FrameError extends Error {
  override readonly name = "FrameError";
}

export function encodeUvarint(n: number): Buffer {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`uvarint out of range: ${n}`);
  const out: number[] = [];
  // Division instead of bit shifts: JS bitwise ops truncate to 32 bits.
  while (n >= 0x80) {
    out.push((n % 0x80) | 0x80);
    n = Math.floor(n / 0x80);
  }
  out.push(n);
  return Buffer.from(out);
}

/** Length prefix and body, kept apart so large bodies are written without a copy. */
export function encodeFrameParts(body: Uint8Array): [Buffer, Uint8Array] {
  return [encodeUvarint(body.length), body];
}

export function encodeFrame(body: Uint8Array): Buffer {
  return Buffer.concat(encodeFrameParts(body));
}

/**
 * Streaming decoder. Chunks may hold many frames or split one anywhere (even inside the
 * length prefix). Body chunks are collected and joined once, so a 100 MB frame arriving
 * in 64 KB pieces costs one copy rather than a quadratic series of concatenations.
 */
export class FrameDecoder {
  private readonly maxFrameBytes: number;
  // Length prefix being read (possibly across chunks).
  private lenValue = 0;
  private lenBytes = 0;
  private lenScale = 1;
  // Body being collected; `bodyLen < 0` means we are reading a length prefix.
  private bodyLen = -1;
  private bodyParts: Buffer[] = [];
  private bodyHave = 0;
  private failed = false;

  constructor(opts: { maxFrameBytes?: number } = {}) {
    this.maxFrameBytes = opts.maxFrameBytes ?? DEFAULT_MAX_FRAME_BYTES;
  }

  /** Bytes of an incomplete frame currently held. */
  get buffered(): number {
    return this.bodyHave + this.lenBytes;
  }

  /** Returns every frame completed by `chunk`. Throws FrameError on a bad or oversized prefix. */
  push(chunk: Buffer): Buffer[] {
    if (this.failed) throw new FrameError("decoder already failed");
    const frames: Buffer[] = [];
    let pos = 0;
    while (pos < chunk.length) {
      if (this.bodyLen < 0) {
        pos = this.readPrefix(chunk, pos);
        if (this.bodyLen < 0) break;
        if (this.bodyLen === 0) {
          frames.push(Buffer.alloc(0));
          this.bodyLen = -1;
        }
        continue;
      }
      const need = this.bodyLen - this.bodyHave;
      const avail = chunk.length - pos;
      if (this.bodyHave === 0 && avail >= need) {
        // Whole body inside this chunk: hand out a view, no copy.
        frames.push(chunk.subarray(pos, pos + need));
        pos += need;
        this.bodyLen = -1;
        continue;
      }
      const take = Math.min(need, avail);
      this.bodyParts.push(chunk.subarray(pos, pos + take));
      this.bodyHave += take;
      pos += take;
      if (this.bodyHave === this.bodyLen) {
        frames.push(Buffer.concat(this.bodyParts, this.bodyLen));
        this.bodyParts = [];
        this.bodyHave = 0;
        this.bodyLen = -1;
      }
    }
    return frames;
  }

  private readPrefix(chunk: Buffer, pos: number): number {
    while (pos < chunk.length) {
      const b = chunk[pos++]!;
      this.lenValue += (b & 0x7f) * this.lenScale;
      this.lenScale *= 0x80;
      this.lenBytes++;
      // Checked before the prefix ends so a hostile length is refused without waiting.
      if (this.lenValue > this.maxFrameBytes) {
        return this.fail(`frame length exceeds max ${this.maxFrameBytes} bytes`);
      }
      if ((b & 0x80) === 0) {
        this.bodyLen = this.lenValue;
        this.lenValue = 0;
        this.lenBytes = 0;
        this.lenScale = 1;
        return pos;
      }
      if (this.lenBytes >= MAX_VARINT_BYTES) return this.fail("length prefix varint overflows uint64");
    }
    return pos;
  }

  private fail(msg: string): never {
    this.failed = true;
    this.bodyParts = [];
    throw new FrameError(msg);
  }
}
