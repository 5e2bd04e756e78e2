import type { KeyCodec } from "../../store/codecs";
import type { Timestamp } from "../../types/codec";

/** google.protobuf.Duration as cosmjs-types and ts-proto generate it. */
export interface Duration {
  seconds: bigint;
  nanos: number;
}

const NANOS_PER_SECOND = 1_000_000_000;
const INT64_OFFSET = 1n << 63n;

export function compareTime(a: Timestamp, b: Timestamp): number {
  if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
  return a.nanos === b.nanos ? 0 : a.nanos < b.nanos ? -1 : 1;
}

export function addDuration(t: Timestamp, d: Duration): Timestamp {
  let seconds = t.seconds + d.seconds;
  let nanos = t.nanos + d.nanos;
  if (nanos >= NANOS_PER_SECOND) {
    nanos -= NANOS_PER_SECOND;
    seconds += 1n;
  } else if (nanos < 0) {
    nanos += NANOS_PER_SECOND;
    seconds -= 1n;
  }
  return { seconds, nanos };
}

export function isNegativeDuration(d: Duration): boolean {
  return d.seconds < 0n || (d.seconds === 0n && d.nanos < 0);
}

export function formatTime(t: Timestamp): string {
  const ms = Number(t.seconds) * 1000 + Math.floor(t.nanos / 1_000_000);
  const iso = Number.isFinite(ms) && Math.abs(ms) < 8.64e15 ? new Date(ms).toISOString() : `${t.seconds}s`;
  return iso.replace(/\.000Z$/, "Z");
}

function encodeTime(t: Timestamp): Uint8Array {
  if (t.seconds < -INT64_OFFSET || t.seconds >= INT64_OFFSET) throw new RangeError(`timestamp seconds out of range: ${t.seconds}`);
  if (!Number.isInteger(t.nanos) || t.nanos < 0 || t.nanos >= NANOS_PER_SECOND) throw new RangeError(`timestamp nanos out of range: ${t.nanos}`);
  const out = new Uint8Array(12);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, t.seconds + INT64_OFFSET);
  view.setUint32(8, t.nanos);
  return out;
}

function decodeTime(b: Uint8Array): Timestamp {
  if (b.length !== 12) throw new Error(`time key: want 12 bytes, got ${b.length}`);
  const view = new DataView(b.buffer, b.byteOffset, 12);
  return { seconds: view.getBigUint64(0) - INT64_OFFSET, nanos: view.getUint32(8) };
}

/** Order-preserving fixed-width key for expiration queues (iteration runs oldest first). */
export const timeKey: KeyCodec<Timestamp> = {
  name: "time",
  encode: encodeTime,
  decode: decodeTime,
  encodeNonTerminal: encodeTime,
  decodeNonTerminal: (b, o) => [decodeTime(b.subarray(o, o + 12)), o + 12],
};
