import { grown, toBin } from "./bytes";
import { EQUAL } from "./trie-bits";

/** The most key bytes one buffer holds: positions are uint32. */
const MAX_BYTES = 2 ** 32 - 1;
/** Bytes of freed keys may stay unused up to this share of the buffer before it is compacted. */
const MAX_DEAD_SHARE = 0.2;

/** What a tries image (tries-image.ts) saves of the keys: the buffer and positions up to the counts given. */
export interface LeafKeysImage {
  bytes: Uint8Array<ArrayBuffer>;
  start: Uint32Array<ArrayBuffer>;
  length: Uint32Array<ArrayBuffer>;
  /** Bytes of `bytes` in use (freed ones included) and of those the freed ones. */
  end: number;
  dead: number;
}

/**
 * The trie leaves' keys, by leaf slot, as bytes packed in one buffer: a key costs its length
 * and 8 bytes of position, where a string of its own costs a V8 object (~20 bytes of header
 * and padding) and a reference, all on the heap the garbage collector marks. Keys are full
 * state keys ("<store>/" ‖ key in store) in latin1, one byte per char, as binary strings hold
 * them; the comparisons here are those of trie-bits.ts with one side (or both) in the buffer.
 *
 * A freed key's bytes are reused by the next key of the same length (a state's keys come in a
 * few lengths); when freed bytes nobody reuses pass MAX_DEAD_SHARE of the buffer, the live
 * keys are copied into a fresh one. Slots keep their number through that; only positions move.
 */
export class LeafKeys {
  private bytes = new Uint8Array(1 << 12);
  private start = new Uint32Array(64);
  /** 0 marks a free slot: a full state key is never empty. */
  private length = new Uint32Array(64);
  private end = 0;
  private dead = 0;
  /** Positions of freed keys' bytes, by length. */
  private readonly freed = new Map<number, number[]>();

  /** Bytes held: the buffer and the positions. */
  get heldBytes(): number {
    return this.bytes.length + this.start.length * 8;
  }

  /** Views of the keys of slots below `slots`. */
  image(slots: number): LeafKeysImage {
    return {
      bytes: this.bytes.subarray(0, this.end),
      start: this.start.subarray(0, slots),
      length: this.length.subarray(0, slots),
      end: this.end,
      dead: this.dead,
    };
  }

  /**
   * Takes over an image's arrays, which may be longer than what they hold (room to grow).
   * Freed bytes stay dead until a compaction: which lengths they had is not saved.
   */
  restore(img: LeafKeysImage): void {
    if (img.start.length !== img.length.length) throw new Error("leaf keys: image positions and lengths differ in size");
    this.bytes = img.bytes;
    this.start = img.start;
    this.length = img.length;
    this.end = img.end;
    this.dead = img.dead;
    this.freed.clear();
  }

  set(slot: number, key: string): void {
    const len = key.length;
    if (len === 0) throw new Error("leaf keys: empty key");
    this.reserveSlot(slot);
    const reusable = this.freed.get(len);
    let at: number;
    if (reusable !== undefined && reusable.length > 0) {
      at = reusable.pop()!;
      this.dead -= len;
    } else {
      at = this.append(len);
    }
    const bytes = this.bytes;
    for (let i = 0; i < len; i++) bytes[at + i] = key.charCodeAt(i);
    this.start[slot] = at;
    this.length[slot] = len;
  }

  release(slot: number): void {
    const len = this.length[slot];
    if (!len) throw new Error("node arena: double free");
    this.length[slot] = 0;
    let runs = this.freed.get(len);
    if (!runs) this.freed.set(len, (runs = []));
    runs.push(this.start[slot]!);
    this.dead += len;
  }

  isFree(slot: number): boolean {
    return !this.length[slot];
  }

  /** The key of `slot` as a binary string. */
  get(slot: number): string {
    const s = this.start[slot]!;
    return toBin(this.bytes.subarray(s, s + this.length[slot]!));
  }

  /** Sign of (key of `slot`) − `key` in byte order. */
  compare(slot: number, key: string): number {
    const bytes = this.bytes;
    const s = this.start[slot]!;
    const la = this.length[slot]!;
    const lb = key.length;
    const n = la < lb ? la : lb;
    for (let i = 0; i < n; i++) {
      const d = bytes[s + i]! - key.charCodeAt(i);
      if (d !== 0) return d;
    }
    return la - lb;
  }

  /** critBit(key of `slot`, `key`, off). */
  critBit(slot: number, key: string, off: number): number {
    const bytes = this.bytes;
    const s = this.start[slot]!;
    const la = this.length[slot]!;
    const lb = key.length;
    for (let i = off; ; i++) {
      if (i === la || i === lb) return la === lb ? EQUAL : (i - off) << 4;
      const x = bytes[s + i]! ^ key.charCodeAt(i);
      if (x !== 0) return ((i - off) << 4) | (Math.clz32(x) - 23);
    }
  }

  /** critBit of the keys of two slots. */
  critBitOfSlots(a: number, b: number, off: number): number {
    const bytes = this.bytes;
    const sa = this.start[a]!;
    const sb = this.start[b]!;
    const la = this.length[a]!;
    const lb = this.length[b]!;
    for (let i = off; ; i++) {
      if (i === la || i === lb) return la === lb ? EQUAL : (i - off) << 4;
      const x = bytes[sa + i]! ^ bytes[sb + i]!;
      if (x !== 0) return ((i - off) << 4) | (Math.clz32(x) - 23);
    }
  }

  /** bitAt(key of `slot`, off, pos). */
  bitAt(slot: number, off: number, pos: number): number {
    const i = off + (pos >> 4);
    if (i >= this.length[slot]!) return 0;
    const j = pos & 15;
    return j === 0 ? 1 : (this.bytes[this.start[slot]! + i]! >> (8 - j)) & 1;
  }

  /** Room for `len` more bytes at the end, compacting first when enough of the buffer is dead. */
  private append(len: number): number {
    if (this.end + len > this.bytes.length) {
      if (this.dead > this.end * MAX_DEAD_SHARE) this.compact(len);
      if (this.end + len > this.bytes.length) {
        // Positions are uint32: past 4 GiB of keys (~100M state keys) they would wrap.
        if (this.end + len > MAX_BYTES) throw new Error(`leaf keys: more than ${MAX_BYTES} bytes of state keys`);
        this.bytes = grown(this.bytes, Math.min(MAX_BYTES, Math.max(this.end + len, this.bytes.length * 2)));
      }
    }
    const at = this.end;
    this.end += len;
    return at;
  }

  /** Live keys copied, in slot order, into a buffer with room for `extra` more bytes. */
  private compact(extra: number): void {
    const live = this.end - this.dead;
    const out = new Uint8Array(Math.min(MAX_BYTES, Math.max(1 << 12, Math.ceil((live + extra) * 1.25))));
    let at = 0;
    for (let slot = 0; slot < this.length.length; slot++) {
      const len = this.length[slot]!;
      if (!len) continue;
      const s = this.start[slot]!;
      out.set(this.bytes.subarray(s, s + len), at);
      this.start[slot] = at;
      at += len;
    }
    this.bytes = out;
    this.end = at;
    this.dead = 0;
    this.freed.clear();
  }

  private reserveSlot(slot: number): void {
    if (slot < this.start.length) return;
    const cap = Math.max(slot + 1, this.start.length * 2);
    this.start = grown(this.start, cap);
    this.length = grown(this.length, cap);
  }
}
