import { LockType, type Lock } from "../../gen/blockchain/treasury/v1/lock";

/** The schedule fields the vesting arithmetic reads. */
export type Schedule = Pick<Lock, "lockType" | "startTime" | "cliffTime" | "endTime" | "releaseIntervals">;

/**
 * Cumulative amount vested at `now` (Unix seconds), on bigint, rounded down: a time lock
 * releases everything at end_time; a vesting lock nothing before its cliff, everything from
 * end_time, and between them elapsed/duration of the total (continuous, intervals 0 or 1) or
 * floor(elapsed*n/duration)/n of it (n discrete tranches). Monotone in `now` and exactly the
 * total at end_time, so the claims over a lock's life sum to its amount.
 * A conditional lock (escrow) never vests by time.
 */
export function vestedAmount(s: Schedule, total: bigint, now: bigint): bigint {
  switch (s.lockType) {
    case LockType.LOCK_TYPE_TIME:
      return now >= s.endTime ? total : 0n;
    case LockType.LOCK_TYPE_VESTING: {
      if (now < s.cliffTime) return 0n;
      if (now >= s.endTime) return total;
      const duration = s.endTime - s.startTime;
      const elapsed = now - s.startTime;
      if (elapsed <= 0n) return 0n;
      if (s.releaseIntervals <= 1n) return (total * elapsed) / duration;
      const n = s.releaseIntervals;
      const tranches = (elapsed * n) / duration;
      return (total * tranches) / n;
    }
    default:
      return 0n;
  }
}
