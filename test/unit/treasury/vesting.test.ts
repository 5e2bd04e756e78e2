import { describe, expect, it } from "vitest";
import { LockType } from "../../../src/gen/blockchain/treasury/v1/lock";
import { vestedAmount, type Schedule } from "../../../src/modules/treasury/vesting";
import { bigintPrng as prng } from "../../helpers/prng";

function randomSchedule(rand: (b: bigint) => bigint): { s: Schedule; total: bigint } {
  const startTime = 1_700_000_000n + rand(1_000_000n);
  const duration = 60n + rand(10n ** (1n + rand(8n)));
  const endTime = startTime + duration;
  const vesting = rand(4n) !== 0n;
  const cliffTime = vesting ? startTime + rand(duration + 1n) : startTime;
  const releaseIntervals = vesting ? [0n, 1n, 2n + rand(50n), 1n + rand(duration)][Number(rand(4n))] : 0n;
  const total = 1n + rand(10n ** (1n + rand(30n)));
  return {
    s: { lockType: vesting ? LockType.LOCK_TYPE_VESTING : LockType.LOCK_TYPE_TIME, startTime, cliffTime, endTime, releaseIntervals },
    total,
  };
}

describe("vesting arithmetic (property, seeded)", () => {
  it("claims at random times never exceed what vested and sum to the amount exactly", () => {
    const rand = prng(0x9e3779b97f4a7c15n);
    for (let i = 0; i < 2000; i++) {
      const { s, total } = randomSchedule(rand);
      let claimed = 0n;
      let t = s.startTime - rand(100n);
      let lastVested = 0n;
      while (t <= s.endTime + 10n) {
        const vested = vestedAmount(s, total, t);
        expect(vested).toBeGreaterThanOrEqual(lastVested); // monotone
        expect(vested).toBeLessThanOrEqual(total);
        if (t < s.cliffTime) expect(vested).toBe(0n);
        lastVested = vested;
        if (rand(2n) === 0n) claimed = vested; // a claim takes vested - claimed
        expect(claimed + (total - claimed)).toBe(total);
        expect(claimed).toBeLessThanOrEqual(vested);
        t += 1n + rand((s.endTime - s.startTime) / 5n + 1n);
      }
      expect(vestedAmount(s, total, s.endTime)).toBe(total);
      claimed = vestedAmount(s, total, s.endTime);
      expect(claimed).toBe(total);
    }
  });

  it("revocation at a random moment: beneficiary keeps exactly what vested, the treasury gets the rest", () => {
    const rand = prng(12345n);
    for (let i = 0; i < 2000; i++) {
      const { s, total } = randomSchedule(rand);
      const claimAt = s.startTime + rand(s.endTime - s.startTime + 1n);
      const revokeAt = claimAt + rand(s.endTime - claimAt + 10n);
      const claimed = vestedAmount(s, total, claimAt);
      const vestedAtRevoke = vestedAmount(s, total, revokeAt);
      const toBeneficiary = vestedAtRevoke - claimed;
      const returned = total - vestedAtRevoke;
      expect(toBeneficiary).toBeGreaterThanOrEqual(0n);
      expect(claimed + toBeneficiary).toBe(vestedAtRevoke); // vested funds never clawed back
      expect(claimed + toBeneficiary + returned).toBe(total);
    }
  });

  it("examples: continuous, tranches, time lock, escrow", () => {
    const base = { startTime: 1000n, cliffTime: 1000n, endTime: 1300n, releaseIntervals: 0n };
    expect(vestedAmount({ ...base, lockType: LockType.LOCK_TYPE_VESTING }, 100n, 1100n)).toBe(33n);
    expect(vestedAmount({ ...base, lockType: LockType.LOCK_TYPE_VESTING, releaseIntervals: 3n }, 100n, 1199n)).toBe(33n);
    expect(vestedAmount({ ...base, lockType: LockType.LOCK_TYPE_VESTING, releaseIntervals: 3n }, 100n, 1200n)).toBe(66n);
    expect(vestedAmount({ ...base, lockType: LockType.LOCK_TYPE_TIME }, 100n, 1299n)).toBe(0n);
    expect(vestedAmount({ ...base, lockType: LockType.LOCK_TYPE_TIME }, 100n, 1300n)).toBe(100n);
    expect(vestedAmount({ ...base, lockType: LockType.LOCK_TYPE_CONDITIONAL }, 100n, 9999n)).toBe(0n);
  });
});
