/** Block-time arithmetic on protobuf Timestamp/Duration values: integers only, no floating point in state. */
import type { Timestamp } from "./codec";

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
