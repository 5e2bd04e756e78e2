import type { Duration } from "cosmjs-types/google/protobuf/duration";
import type { Timestamp } from "../../types/codec";

const NANOS_PER_SECOND = 1_000_000_000;

export function addDuration(t: Timestamp, d: Duration): Timestamp {
  const nanos = t.nanos + d.nanos;
  const carry = Math.floor(nanos / NANOS_PER_SECOND);
  return { seconds: t.seconds + d.seconds + BigInt(carry), nanos: nanos - carry * NANOS_PER_SECOND };
}

export function compareTime(a: Timestamp, b: Timestamp): number {
  if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
  return a.nanos === b.nanos ? 0 : a.nanos < b.nanos ? -1 : 1;
}
