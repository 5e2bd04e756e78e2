import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as tx from "../../../src/gen/blockchain/treasury/v1/tx";
import type { TestChain } from "../../helpers/chain";
import { LockType, USD, at, balances, claimable, getLock, idOf, keys, msg, now, responseOf, treasuryChain } from "./setup";
import { bigintPrng as prng } from "../../helpers/prng";

const { admin, bene } = keys;

// Through signed txs: random vesting schedules, claims at random block times and a revocation;
// after every block, claimed + remaining = amount, claimed never above vested, and revocation
// leaves the beneficiary everything that had vested.
describe("vesting through signed txs (property, seeded)", () => {
  let chain: TestChain;
  let tid: bigint;
  const rand = prng(0xc0ffeen);
  beforeAll(async () => {
    chain = await treasuryChain();
    tid = idOf(await chain.mustDeliver(admin, [msg.create(admin.address)]));
    await chain.mustDeliver(admin, [msg.deposit(admin.address, tid, 10_000_000n)]);
  });
  afterAll(async () => chain.close());

  it("random schedules and claim times", async () => {
    const t0 = now(chain);
    const locks: Array<{ id: bigint; amount: bigint; claimed: bigint }> = [];
    for (let i = 0; i < 6; i++) {
      const amount = 1n + rand(1_000_000n);
      const duration = 60n + rand(2000n);
      const cliff = rand(duration);
      const releaseIntervals = [0n, 1n, 1n + rand(10n)][Number(rand(3n))];
      const res = await chain.mustDeliver(admin, [
        msg.lock(admin.address, tid, bene.address, amount, {
          lockType: LockType.LOCK_TYPE_VESTING,
          startTime: t0,
          cliffTime: t0 + cliff,
          endTime: t0 + duration,
          releaseIntervals,
          revocable: true,
        }),
      ]);
      locks.push({ id: idOf(res), amount, claimed: 0n });
    }
    const revokeIdx = Number(rand(BigInt(locks.length)));
    let t = now(chain);
    for (let step = 0; step < 14; step++) {
      t += 1n + rand(250n);
      at(chain, t);
      const l = locks[Number(rand(BigInt(locks.length)))];
      const before = claimable(chain, l.id);
      const lock = getLock(chain, l.id);
      if (!lock.active) continue;
      const res = await chain.deliver(bene, [msg.claim(bene.address, l.id)]);
      if (res.code === 0) l.claimed += BigInt(responseOf(res, tx.MsgClaimLockResponse).released);
      else expect(res.code).toBe(1109);
      const c = claimable(chain, l.id);
      const after = getLock(chain, l.id);
      expect(BigInt(after.releasedAmount)).toBe(l.claimed);
      expect(l.claimed + BigInt(c.remaining)).toBe(after.active ? l.amount : l.claimed);
      expect(l.claimed).toBeLessThanOrEqual(BigInt(c.vested));
      expect(BigInt(before.vested)).toBeLessThanOrEqual(BigInt(c.vested));
    }
    // Revocation never claws back what vested.
    const r = locks[revokeIdx];
    if (getLock(chain, r.id).active) {
      const vestedBefore = BigInt(claimable(chain, r.id).vested);
      at(chain, t + 1n);
      const res = await chain.mustDeliver(admin, [msg.revoke(admin.address, r.id)]);
      const out = responseOf(res, tx.MsgRevokeLockResponse);
      const released = BigInt(getLock(chain, r.id).releasedAmount);
      expect(released).toBeGreaterThanOrEqual(vestedBefore);
      expect(released + BigInt(out.returned)).toBe(r.amount);
      expect(r.claimed + BigInt(out.vestedToBeneficiary)).toBe(released);
      r.claimed = released;
    }
    // At the end every remaining lock pays out its amount exactly.
    at(chain, t + 10_000n);
    for (const l of locks) {
      if (!getLock(chain, l.id).active) continue;
      const res = await chain.mustDeliver(bene, [msg.claim(bene.address, l.id)]);
      l.claimed += BigInt(responseOf(res, tx.MsgClaimLockResponse).released);
      expect(l.claimed).toBe(l.amount);
    }
    expect(balances(chain, tid).find((b) => b.denom === USD)!.locked).toBe("0");
  });
});
