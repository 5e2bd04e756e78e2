import type { Duration } from "cosmjs-types/google/protobuf/duration";
import type { Timestamp } from "../../types/codec";

const NANOS = 1_000_000_000n;

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

export function isAfter(a: Timestamp, b: Timestamp): boolean {
  return timestampNanos(a) > timestampNanos(b);
}
