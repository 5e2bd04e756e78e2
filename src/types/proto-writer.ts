import { utf8Length, utf8Write } from "cosmjs-types/utf8";
import { int64FromString } from "cosmjs-types/varint";

const TWO_64 = 1n << 64n;
/** Largest scratch buffer kept for the next writer; larger ones are left to the collector. */
const KEEP_SCRATCH_BYTES = 1 << 20;
let scratch: Uint8Array | undefined = new Uint8Array(4096);

/** Writes an unsigned 32-bit varint at `at`; returns the position after it. */
function varint32At(b: Uint8Array, at: number, v: number): number {
  while (v > 127) {
    b[at++] = (v & 127) | 128;
    v >>>= 7;
  }
  b[at++] = v;
  return at;
}

/**
 * Copies `s` by char code to `at` if it is all ASCII (then its UTF-8 bytes); false at the first
 * other character, with whatever was copied before it to be overwritten by the caller.
 */
function copyAscii(s: string, b: Uint8Array, at: number): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x80) return false;
    b[at + i] = c;
  }
  return true;
}

function varint32Size(n: number): number {
  return n < 0x80 ? 1 : n < 0x4000 ? 2 : n < 0x200000 ? 3 : n < 0x10000000 ? 4 : 5;
}

/**
 * cosmjs-types' `BinaryWriter`, writing in place. Its own writer queues an object and a
 * closure per field and turns every 64-bit integer into a decimal string and back; this one
 * writes the bytes at once into a buffer reused from one message to the next (a message being
 * encoded while another is under way gets its own), reserves one byte for a nested message's
 * length and moves the content only when the length needs more. `finish()` returns an
 * exact-size copy. Bytes are the same as cosmjs-types writes (property test against it),
 * except that uint64/int64 values in [2^31, 2^32) are written correctly: cosmjs-types writes
 * them as zero.
 */
export class ProtoWriter {
  private buf: Uint8Array;
  private pos = 0;
  private readonly forks: number[] = [];

  constructor() {
    this.buf = scratch ?? new Uint8Array(256);
    scratch = undefined;
  }

  static create(): ProtoWriter {
    return new ProtoWriter();
  }

  private ensure(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const next = new Uint8Array(Math.max(this.buf.length * 2, this.pos + n));
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  finish(): Uint8Array {
    const out = this.buf.slice(0, this.pos);
    if (scratch === undefined && this.buf.length <= KEEP_SCRATCH_BYTES) scratch = this.buf;
    // Exact size: a write after finish() reallocates instead of touching the returned bytes.
    this.buf = out;
    return out;
  }

  fork(): this {
    this.ensure(1);
    this.forks.push(this.pos);
    this.pos += 1;
    return this;
  }

  reset(): this {
    const start = this.forks.pop();
    this.pos = start ?? 0;
    return this;
  }

  ldelim(): this {
    const start = this.forks.pop();
    if (start === undefined) throw new Error("ldelim without fork");
    const len = this.pos - start - 1;
    const size = varint32Size(len);
    if (size > 1) {
      this.ensure(size - 1);
      this.buf.copyWithin(start + size, start + 1, this.pos);
      this.pos += size - 1;
    }
    varint32At(this.buf, start, len);
    return this;
  }

  tag(fieldNo: number, type: number): this {
    return this.uint32(((fieldNo << 3) | type) >>> 0);
  }

  uint32(value: number): this {
    this.ensure(5);
    this.pos = varint32At(this.buf, this.pos, value >>> 0);
    return this;
  }

  int32(value: number): this {
    if (value >= 0) return this.uint32(value);
    return this.varint64(value | 0, -1);
  }

  sint32(value: number): this {
    return this.uint32(((value << 1) ^ (value >> 31)) >>> 0);
  }

  int64(value: bigint | number | string): this {
    if (typeof value === "number" && value >= 0 && Number.isSafeInteger(value)) return this.safeVarint(value);
    if (typeof value === "bigint" && value > -TWO_64 && value < TWO_64) {
      const u = value < 0n ? value + TWO_64 : value;
      if (u <= 0x1f_ffff_ffff_ffffn) return this.safeVarint(Number(u));
      return this.varint64(Number(u & 0xffff_ffffn), Number(u >> 32n));
    }
    const { lo, hi } = int64FromString(String(value));
    return this.varint64(lo, hi);
  }

  uint64(value: bigint | number | string): this {
    return this.int64(value);
  }

  sint64(value: bigint | number | string): this {
    const v = BigInt.asIntN(64, typeof value === "bigint" ? value : BigInt(String(value)));
    return this.int64(BigInt.asUintN(64, (v << 1n) ^ (v >> 63n)));
  }

  fixed32(value: number): this {
    this.ensure(4);
    const v = value >>> 0;
    const b = this.buf;
    b[this.pos] = v & 255;
    b[this.pos + 1] = (v >>> 8) & 255;
    b[this.pos + 2] = (v >>> 16) & 255;
    b[this.pos + 3] = v >>> 24;
    this.pos += 4;
    return this;
  }

  sfixed32(value: number): this {
    return this.fixed32(value);
  }

  fixed64(value: bigint | number | string): this {
    const { lo, hi } = int64FromString(String(value));
    return this.fixed32(lo).fixed32(hi);
  }

  sfixed64(value: bigint | number | string): this {
    return this.fixed64(value);
  }

  bool(value: boolean): this {
    this.ensure(1);
    this.buf[this.pos++] = value ? 1 : 0;
    return this;
  }

  float(value: number): this {
    throw new Error("float not supported" + value);
  }

  double(value: number): this {
    throw new Error("double not supported" + value);
  }

  bytes(value: Uint8Array): this {
    const len = value.length >>> 0;
    this.uint32(len);
    this.ensure(len);
    this.buf.set(value, this.pos);
    this.pos += len;
    return this;
  }

  string(value: string): this {
    const n = value.length;
    const head = varint32Size(n);
    // ASCII (nearly every proto string here) is copied by char code after its length; any other
    // character restarts with cosmjs-types' own UTF-8 writer, so the bytes stay exactly its.
    // Room for the longest length too, so writing it cannot move the buffer from under the copy.
    this.ensure(5 + n);
    if (copyAscii(value, this.buf, this.pos + head)) {
      this.uint32(n);
      this.pos += n;
      return this;
    }
    const len = utf8Length(value);
    this.uint32(len);
    this.ensure(len);
    this.pos += utf8Write(value, this.buf, this.pos);
    return this;
  }

  private safeVarint(n: number): this {
    this.ensure(10);
    const b = this.buf;
    let p = this.pos;
    while (n > 127) {
      b[p++] = (n % 128) | 128;
      n = Math.floor(n / 128);
    }
    b[p++] = n;
    this.pos = p;
    return this;
  }

  /** A 64-bit two's complement value as two 32-bit halves. */
  private varint64(lo: number, hi: number): this {
    this.ensure(10);
    const b = this.buf;
    let p = this.pos;
    lo >>>= 0;
    hi >>>= 0;
    while (hi) {
      b[p++] = (lo & 127) | 128;
      lo = ((lo >>> 7) | (hi << 25)) >>> 0;
      hi >>>= 7;
    }
    this.pos = varint32At(b, p, lo);
    return this;
  }
}
