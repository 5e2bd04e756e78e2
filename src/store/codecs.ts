/**
 * Key and value codecs for collections. Key encodings are big-endian and order-preserving
 * so that store iteration order equals the natural order of the typed key, as in the
 * Cosmos SDK `collections` package (byte-compatible with it for these types).
 */
import { sdkErrors } from "../types/errors";
import { type BinKey, concat, concatAll, sharedOrToBin, toBin } from "./bytes";

export interface KeyCodec<K> {
  readonly name: string;
  /**
   * Optional fast path: the pieces of `prefix ‖ encode(key)`, pushed in order without copying,
   * for the caller to join in one allocation. Must give exactly the bytes of the generic path.
   */
  encodeParts?(key: K, into: Uint8Array[]): void;
  /**
   * Optional fast path: `encode(key)` as a binary string (one char per byte), the form the
   * stores look keys up by — no byte array on the way. Must equal `toBin(encode(key))`.
   */
  encodeBin?(key: K): BinKey;
  /** Encoding in the last (terminal) position of a key: may take the rest of the bytes. */
  encode(key: K): Uint8Array;
  /** Decodes a terminal encoding occupying all of `b`. */
  decode(b: Uint8Array): K;
  /** Self-delimiting encoding for a non-last position in a composite key. */
  encodeNonTerminal(key: K): Uint8Array;
  /** Decodes a non-terminal encoding at `offset`; returns the key and the offset after it. */
  decodeNonTerminal(b: Uint8Array, offset: number): [K, number];
  /** A composite key's component codecs, in order (the decoded key is the tuple of their keys). */
  readonly parts?: readonly KeyCodec<unknown>[];
}

export interface ValueCodec<V> {
  readonly name: string;
  encode(value: V): Uint8Array;
  decode(b: Uint8Array): V;
}

const MAX_U64 = (1n << 64n) - 1n;
const I64_OFFSET = 1n << 63n;
const utf8 = new TextEncoder();
const utf8d = new TextDecoder("utf-8", { fatal: true });

function fixed<K>(name: string, size: number, enc: (k: K) => Uint8Array, dec: (b: Uint8Array) => K): KeyCodec<K> {
  const decode = (b: Uint8Array) => {
    if (b.length !== size) throw new Error(`${name} key: want ${size} bytes, got ${b.length}`);
    return dec(b);
  };
  return {
    name,
    encode: enc,
    decode,
    encodeNonTerminal: enc,
    decodeNonTerminal: (b, o) => [decode(b.subarray(o, o + size)), o + size],
  };
}

const TWO32 = 0x1_0000_0000n;

function u64(n: bigint, what: string): Uint8Array {
  if (n < 0n || n > MAX_U64) throw new RangeError(`${what} out of uint64 range: ${n}`);
  // Byte stores instead of a DataView per key (ids and heights recur in every key on the tx path).
  const out = new Uint8Array(8);
  const lo = Number(n % TWO32);
  out[4] = lo >>> 24;
  out[5] = lo >>> 16;
  out[6] = lo >>> 8;
  out[7] = lo;
  if (n >= TWO32) {
    const hi = Number(n / TWO32);
    out[0] = hi >>> 24;
    out[1] = hi >>> 16;
    out[2] = hi >>> 8;
    out[3] = hi;
  }
  return out;
}

/** u64() as a binary string, without the byte array. */
function u64Bin(n: bigint, what: string): BinKey {
  if (n < 0n || n > MAX_U64) throw new RangeError(`${what} out of uint64 range: ${n}`);
  const lo = Number(n % TWO32);
  const hi = n >= TWO32 ? Number(n / TWO32) : 0;
  const c = String.fromCharCode;
  return c(hi >>> 24, (hi >>> 16) & 255, (hi >>> 8) & 255, hi & 255, lo >>> 24, (lo >>> 16) & 255, (lo >>> 8) & 255, lo & 255);
}

const readU64 = (b: Uint8Array) => new DataView(b.buffer, b.byteOffset, 8).getBigUint64(0);

export const uint64Key: KeyCodec<bigint> = {
  ...fixed("uint64", 8, (k: bigint) => u64(k, "uint64 key"), readU64),
  encodeParts: (k, into) => void into.push(u64(k, "uint64 key")),
  encodeBin: (k) => u64Bin(k, "uint64 key"),
};

/** Two's complement with the sign bit flipped, so negatives sort before positives. */
export const int64Key: KeyCodec<bigint> = fixed(
  "int64",
  8,
  (k) => {
    if (k < -I64_OFFSET || k >= I64_OFFSET) throw new RangeError(`int64 key out of range: ${k}`);
    return u64(k + I64_OFFSET, "int64 key");
  },
  (b) => readU64(b) - I64_OFFSET,
);

export const uint32Key: KeyCodec<number> = fixed(
  "uint32",
  4,
  (k) => {
    if (!Number.isInteger(k) || k < 0 || k > 0xffffffff) throw new RangeError(`uint32 key out of range: ${k}`);
    const out = new Uint8Array(4);
    new DataView(out.buffer).setUint32(0, k);
    return out;
  },
  (b) => new DataView(b.buffer, b.byteOffset, 4).getUint32(0),
);

export const boolKey: KeyCodec<boolean> = fixed(
  "bool",
  1,
  (k) => Uint8Array.of(k ? 1 : 0),
  (b) => {
    if (b[0]! > 1) throw new Error("bool key: invalid byte");
    return b[0] === 1;
  },
);

/**
 * UTF-8 of short key strings (denoms, type URLs) recurs on every store access; remember it.
 * Callers never mutate a key encoding, and composite keys copy it into a new array.
 */
const utf8Cache = new Map<string, Uint8Array>();
function utf8Key(k: string): Uint8Array {
  let b = utf8Cache.get(k);
  if (b === undefined) {
    b = utf8.encode(k);
    if (k.length <= 128) {
      if (utf8Cache.size >= 10_000) utf8Cache.clear();
      utf8Cache.set(k, b);
    }
  }
  return b;
}

const NUL = Uint8Array.of(0);
const ASCII = /^[\x00-\x7f]*$/;

/** utf8Key as a binary string: an ASCII string (denoms, ids, addresses) is its own encoding. */
function utf8Bin(k: string): BinKey {
  return ASCII.test(k) ? k : toBin(utf8Key(k));
}

function checkNonTerminalString(k: string): void {
  // Key parts come from requests (a query's record id, a message's name): an unencodable one is the caller's.
  if (k.includes("\0")) throw sdkErrors.ErrInvalidRequest.wrap("string key in non-terminal position must not contain NUL");
}

function stringNonTerminalParts(k: string, into: Uint8Array[]): void {
  checkNonTerminalString(k);
  into.push(utf8Key(k), NUL);
}

/** UTF-8; NUL-terminated when not last, so strings that are prefixes of others sort first. */
export const stringKey: KeyCodec<string> = {
  name: "string",
  encode: (k) => utf8Key(k).slice(),
  // The cached encoding is pushed as is: the caller copies it into the joined key.
  encodeParts: (k, into) => void into.push(utf8Key(k)),
  encodeBin: utf8Bin,
  decode: (b) => utf8d.decode(b),
  encodeNonTerminal: (k) => {
    const parts: Uint8Array[] = [];
    stringNonTerminalParts(k, parts);
    return concatAll(parts);
  },
  decodeNonTerminal: (b, o) => {
    const end = b.indexOf(0, o);
    if (end < 0) throw new Error("string key: missing NUL terminator");
    return [utf8d.decode(b.subarray(o, end)), end + 1];
  },
};

/** One-byte length prefixes of non-terminal byte keys, shared: key parts are only ever copied from. */
const LENGTH_BYTES = Array.from({ length: 256 }, (_, n) => Uint8Array.of(n));

function checkNonTerminalBytes(k: Uint8Array): void {
  if (k.length > 255) throw sdkErrors.ErrInvalidRequest.wrap("bytes key in non-terminal position longer than 255 bytes");
}

function bytesNonTerminalParts(k: Uint8Array, into: Uint8Array[]): void {
  checkNonTerminalBytes(k);
  into.push(LENGTH_BYTES[k.length]!, k);
}

/** Raw bytes; one length byte when not last (so at most 255 bytes there, as in the SDK). */
export const bytesKey: KeyCodec<Uint8Array> = {
  name: "bytes",
  encode: (k) => Uint8Array.from(k),
  // The caller copies the parts into the joined key: no copy of the address bytes first.
  encodeParts: (k, into) => void into.push(k),
  encodeBin: sharedOrToBin,
  decode: (b) => Uint8Array.from(b),
  encodeNonTerminal: (k) => {
    const parts: Uint8Array[] = [];
    bytesNonTerminalParts(k, parts);
    return concatAll(parts);
  },
  decodeNonTerminal: (b, o) => {
    const len = b[o];
    if (len === undefined || o + 1 + len > b.length) throw new Error("bytes key: truncated");
    return [Uint8Array.from(b.subarray(o + 1, o + 1 + len)), o + 1 + len];
  },
};

/** A component in a non-terminal position, as pieces (strings and uint64 without intermediate copies). */
function nonTerminalParts<K>(codec: KeyCodec<K>, key: K, into: Uint8Array[]): void {
  if ((codec as KeyCodec<unknown>) === stringKey) stringNonTerminalParts(key as string, into);
  else if ((codec as KeyCodec<unknown>) === bytesKey) bytesNonTerminalParts(key as Uint8Array, into);
  else if ((codec as KeyCodec<unknown>) === uint64Key) into.push(u64(key as bigint, "uint64 key"));
  else into.push(codec.encodeNonTerminal(key));
}

/** nonTerminalParts as a binary string. */
function nonTerminalBin<K>(codec: KeyCodec<K>, key: K): BinKey {
  if ((codec as KeyCodec<unknown>) === stringKey) {
    checkNonTerminalString(key as string);
    return utf8Bin(key as string) + "\0";
  }
  if ((codec as KeyCodec<unknown>) === bytesKey) {
    checkNonTerminalBytes(key as Uint8Array);
    return String.fromCharCode((key as Uint8Array).length) + sharedOrToBin(key as Uint8Array);
  }
  if ((codec as KeyCodec<unknown>) === uint64Key) return u64Bin(key as bigint, "uint64 key");
  return toBin(codec.encodeNonTerminal(key));
}

function terminalBin<K>(codec: KeyCodec<K>, key: K): BinKey {
  return codec.encodeBin !== undefined ? codec.encodeBin(key) : toBin(codec.encode(key));
}

function terminalParts<K>(codec: KeyCodec<K>, key: K, into: Uint8Array[]): void {
  if (codec.encodeParts !== undefined) codec.encodeParts(key, into);
  else into.push(codec.encode(key));
}

export interface PairKeyCodec<A, B> extends KeyCodec<[A, B]> {
  /** Encoded prefix selecting every key whose first component is `a`. */
  prefix(a: A): Uint8Array;
}

export function pairKey<A, B>(ca: KeyCodec<A>, cb: KeyCodec<B>): PairKeyCodec<A, B> {
  return {
    name: `pair[${ca.name},${cb.name}]`,
    parts: [ca, cb] as KeyCodec<unknown>[],
    encode: ([a, b]) => concat(ca.encodeNonTerminal(a), cb.encode(b)),
    encodeParts: ([a, b], into) => {
      nonTerminalParts(ca, a, into);
      terminalParts(cb, b, into);
    },
    encodeBin: ([a, b]) => nonTerminalBin(ca, a) + terminalBin(cb, b),
    decode: (bytes) => {
      const [a, o] = ca.decodeNonTerminal(bytes, 0);
      return [a, cb.decode(bytes.subarray(o))];
    },
    encodeNonTerminal: ([a, b]) => concat(ca.encodeNonTerminal(a), cb.encodeNonTerminal(b)),
    decodeNonTerminal: (bytes, o0) => {
      const [a, o1] = ca.decodeNonTerminal(bytes, o0);
      const [b, o2] = cb.decodeNonTerminal(bytes, o1);
      return [[a, b], o2];
    },
    prefix: (a) => ca.encodeNonTerminal(a),
  };
}

export interface TripleKeyCodec<A, B, C> extends KeyCodec<[A, B, C]> {
  prefix(a: A): Uint8Array;
  prefix2(a: A, b: B): Uint8Array;
}

export function tripleKey<A, B, C>(ca: KeyCodec<A>, cb: KeyCodec<B>, cc: KeyCodec<C>): TripleKeyCodec<A, B, C> {
  return {
    name: `triple[${ca.name},${cb.name},${cc.name}]`,
    parts: [ca, cb, cc] as KeyCodec<unknown>[],
    encode: ([a, b, c]) => concat(ca.encodeNonTerminal(a), cb.encodeNonTerminal(b), cc.encode(c)),
    encodeParts: ([a, b, c], into) => {
      nonTerminalParts(ca, a, into);
      nonTerminalParts(cb, b, into);
      terminalParts(cc, c, into);
    },
    encodeBin: ([a, b, c]) => nonTerminalBin(ca, a) + nonTerminalBin(cb, b) + terminalBin(cc, c),
    decode: (bytes) => {
      const [a, o1] = ca.decodeNonTerminal(bytes, 0);
      const [b, o2] = cb.decodeNonTerminal(bytes, o1);
      return [a, b, cc.decode(bytes.subarray(o2))];
    },
    encodeNonTerminal: ([a, b, c]) => concat(ca.encodeNonTerminal(a), cb.encodeNonTerminal(b), cc.encodeNonTerminal(c)),
    decodeNonTerminal: (bytes, o0) => {
      const [a, o1] = ca.decodeNonTerminal(bytes, o0);
      const [b, o2] = cb.decodeNonTerminal(bytes, o1);
      const [c, o3] = cc.decodeNonTerminal(bytes, o2);
      return [[a, b, c], o3];
    },
    prefix: (a) => ca.encodeNonTerminal(a),
    prefix2: (a, b) => concat(ca.encodeNonTerminal(a), cb.encodeNonTerminal(b)),
  };
}

/** Anything ts-proto generates: `encode(m).finish()` and `decode(bytes)`. */
export interface ProtoType<T> {
  encode(message: T): { finish(): Uint8Array };
  decode(input: Uint8Array): T;
}

/** Value codecs made by protoValue (and memoValue over one): the schema test tells records by it. */
const protoCodecs = new WeakSet<ValueCodec<unknown>>();

export function protoValue<T>(type: ProtoType<T>, name = "proto"): ValueCodec<T> {
  const codec: ValueCodec<T> = { name, encode: (v) => type.encode(v).finish(), decode: (b) => type.decode(b) };
  protoCodecs.add(codec as ValueCodec<unknown>);
  return codec;
}

/** Whether `codec` encodes a generated proto message (protoValue, possibly memoised). */
export function isProtoValue(codec: ValueCodec<unknown>): boolean {
  return protoCodecs.has(codec);
}

/**
 * `decode`, remembered per key object (by identity), its results frozen because they are
 * shared. A plain Map, emptied when it reaches `bound`, rather than a WeakMap: a WeakMap entry
 * per decoded account (young keys, every tx) made each young-generation collection trace them
 * as ephemerons — app CPU per tx under load was ~10 % higher. What a full map drops is only
 * decoded again.
 */
export function memoByIdentity<K extends object, V extends object>(decode: (key: K) => V, bound = MEMO_ENTRIES): (key: K) => V {
  let decoded = new Map<K, V>();
  return (key) => {
    let v = decoded.get(key);
    if (v === undefined) {
      v = Object.freeze(decode(key));
      if (decoded.size >= bound) decoded = new Map();
      decoded.set(key, v);
    }
    return v;
  };
}

/** Per memo: a few blocks' worth of accounts written under load. */
const MEMO_ENTRIES = 20_000;

/**
 * `codec` with decoding remembered per stored byte array. Stores hand out the same array for a
 * value nobody changed (branches keep what was set, the committed store caches it), and every
 * write stores a new one, so an account CheckTx decoded is not decoded again by FinalizeBlock,
 * nor params by every tx. Decoded values are shared, hence frozen: nobody may change one in place.
 */
export function memoValue<V extends object>(codec: ValueCodec<V>): ValueCodec<V> {
  const memo: ValueCodec<V> = {
    name: codec.name,
    encode: (v) => codec.encode(v),
    decode: memoByIdentity((b: Uint8Array) => codec.decode(b)),
  };
  if (isProtoValue(codec as ValueCodec<unknown>)) protoCodecs.add(memo as ValueCodec<unknown>);
  return memo;
}

export const stringValue: ValueCodec<string> = {
  name: "string",
  encode: (v) => utf8.encode(v),
  decode: (b) => utf8d.decode(b),
};

export const uint64Value: ValueCodec<bigint> = {
  name: "uint64",
  encode: (v) => u64(v, "uint64 value"),
  decode: (b) => {
    if (b.length !== 8) throw new Error("uint64 value: want 8 bytes");
    return readU64(b);
  },
};

/**
 * An integer of any size as its decimal text: the SDK's `sdk.IntValue` (math.Int) layout, for
 * amounts (balances, supply, total power) that may pass uint64.
 */
export const intValue: ValueCodec<bigint> = {
  name: "int",
  encode: (v) => utf8.encode(v.toString()),
  decode: (b) => BigInt(utf8d.decode(b)),
};

export const bytesValue: ValueCodec<Uint8Array> = {
  name: "bytes",
  encode: (v) => Uint8Array.from(v),
  decode: (b) => Uint8Array.from(b),
};

export const boolValue: ValueCodec<boolean> = {
  name: "bool",
  encode: (v) => Uint8Array.of(v ? 1 : 0),
  decode: (b) => b[0] === 1,
};

/** For key sets: presence is the value. */
export const emptyValue: ValueCodec<true> = {
  name: "empty",
  encode: () => new Uint8Array(0),
  decode: () => true,
};

/**
 * The shared scalar value codecs: with protoValue, the only value codecs a module may declare
 * (the schema test holds every collection to them). A new scalar is added here, once.
 */
export const SCALAR_VALUES: readonly ValueCodec<unknown>[] = [
  stringValue,
  uint64Value,
  intValue,
  bytesValue,
  boolValue,
  emptyValue,
] as ValueCodec<unknown>[];

/** A protobuf Timestamp as both generators emit it. */
interface Timestamp {
  seconds: bigint;
  nanos: number;
}

const NANOS_PER_SECOND = 1_000_000_000;
const TIME_OFFSET = 1n << 63n;

function encodeTime(t: Timestamp): Uint8Array {
  if (t.seconds < -TIME_OFFSET || t.seconds >= TIME_OFFSET) throw new RangeError(`timestamp seconds out of range: ${t.seconds}`);
  if (!Number.isInteger(t.nanos) || t.nanos < 0 || t.nanos >= NANOS_PER_SECOND)
    throw new RangeError(`timestamp nanos out of range: ${t.nanos}`);
  const out = new Uint8Array(12);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, t.seconds + TIME_OFFSET);
  view.setUint32(8, t.nanos);
  return out;
}

function decodeTime(b: Uint8Array): Timestamp {
  if (b.length !== 12) throw new Error(`time key: want 12 bytes, got ${b.length}`);
  const view = new DataView(b.buffer, b.byteOffset, 12);
  return { seconds: view.getBigUint64(0) - TIME_OFFSET, nanos: view.getUint32(8) };
}

/** Order-preserving fixed-width key for expiration queues (iteration runs oldest first). */
export const timestampKey: KeyCodec<Timestamp> = {
  name: "time",
  encode: encodeTime,
  decode: decodeTime,
  encodeNonTerminal: encodeTime,
  decodeNonTerminal: (b, o) => [decodeTime(b.subarray(o, o + 12)), o + 12],
};
