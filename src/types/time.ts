/** Block-time arithmetic on protobuf Timestamp/Duration values: integers only, no floating point in state. */
import type { Timestamp } from "./codec";

/** google.protobuf.Duration as cosmjs-types and ts-proto generate it. */
export interface Duration {
  seconds: bigint;
  nanos: number;
}

const NANOS_PER_SECOND = 1_000_000_000;

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

const NANOS = 1_000_000_000n;

/** A Duration as nanoseconds (a missing one is zero). */
export function durationNanos(d: Duration | undefined): bigint {
  return d ? d.seconds * NANOS + BigInt(d.nanos) : 0n;
}

export function timestampNanos(t: Timestamp): bigint {
  return t.seconds * NANOS + BigInt(t.nanos);
}

export function timestampFromNanos(n: bigint): Timestamp {
  const seconds = n >= 0n ? n / NANOS : -((-n + NANOS - 1n) / NANOS);
  return { seconds, nanos: Number(n - seconds * NANOS) };
}

export function addNanos(t: Timestamp, nanos: bigint): Timestamp {
  return timestampFromNanos(timestampNanos(t) + nanos);
}

/** RFC 3339 in whole seconds, as the SDK formats times in events (Go's time.RFC3339). */
export function formatTimeSeconds(t: Timestamp): string {
  return new Date(Number(t.seconds) * 1000).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/** RFC 3339 with milliseconds when there are any, for messages read by people. */
export function formatTime(t: Timestamp): string {
  const ms = Number(t.seconds) * 1000 + Math.floor(t.nanos / 1_000_000);
  const iso = Number.isFinite(ms) && Math.abs(ms) < 8.64e15 ? new Date(ms).toISOString() : `${t.seconds}s`;
  return iso.replace(/\.000Z$/, "Z");
}
