import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "../../../src/gen/blockchain/treasury/v1/query";
import type { TreasuryKeeper } from "../../../src/modules/treasury";
import { pairKey, stringKey, uint64Key, uint64Value } from "../../../src/store/codecs";
import type { Module } from "../../../src/types/module";
import type { TestChain } from "../../helpers/chain";
import { expectMigrationRestores, oldKeySet, oldMap, rewrite } from "../../helpers/layout-migration";
import { queryAt } from "../../helpers/query-at";
import { LockType, Q, Role, idOf, keys, msg, now, treasuryChain } from "./setup";

const { admin, spender, bene, other, buyer, moderator } = keys;
const P = "treasury/";

describe("treasury consensus version 2: the 1 -> 2 migration", () => {
  let chain: TestChain;
  let m: Module & { keeper: TreasuryKeeper };
  let id: bigint;

  beforeAll(async () => {
    chain = await treasuryChain();
    id = idOf(await chain.mustDeliver(admin, [msg.create(admin.address, "ops")]));
    await chain.mustDeliver(admin, [msg.create(admin.address, "spare")]);
    await chain.mustDeliver(other, [msg.deposit(other.address, id, 10_000n)]);
    await chain.mustDeliver(admin, [msg.assign(admin.address, id, spender.address, Role.ROLE_SPENDER)]);
    const t = now(chain);
    const vesting = { lockType: LockType.LOCK_TYPE_VESTING, startTime: t, cliffTime: t, endTime: t + 1000n };
    await chain.mustDeliver(admin, [msg.lock(admin.address, id, bene.address, 100n, vesting)]);
    await chain.mustDeliver(admin, [msg.lock(admin.address, id, bene.address, 50n, { ...vesting, lockType: LockType.LOCK_TYPE_TIME })]);
    await chain.mustDeliver(buyer, [msg.openEscrow(buyer.address, bene.address, moderator.address, 30n)]);
    m = chain.app.modules.modules.find((x) => x.name === "treasury") as Module & { keeper: TreasuryKeeper };
  });
  afterAll(async () => chain.close());

  it("the treasury and lock counters become next ids; roles and the beneficiary index are keyed by address bytes", () => {
    expect(m.consensusVersion).toBe(2);
    const ctx = chain.app.queryContext();
    const k = m.keeper;
    expect([k.nextTreasuryId.peek(ctx), k.nextLockId.peek(ctx)]).toEqual([3n, 4n]);
    const locksBefore = queryAt<q.QueryLocksByBeneficiaryResponse>(ctx, m, Q + "LocksByBeneficiary", { beneficiary: bene.address });
    expect(locksBefore.lock.map((l) => l.id)).toEqual([1n, 2n, 3n]);
    const rolesBefore = queryAt<q.QueryListRoleResponse>(ctx, m, Q + "ListRole", { treasuryId: id });
    expect(rolesBefore.role.map((r) => r.address)).toContain(spender.address);
    expectMigrationRestores(ctx, m, P, 1, () => {
      // Version 1 kept the last id given out.
      for (const [byte, next] of [
        [3, k.nextTreasuryId.peek(ctx)],
        [7, k.nextLockId.peek(ctx)],
      ] as const) {
        ctx.store.set(new TextEncoder().encode(P + String.fromCharCode(byte)), uint64Value.encode(next - 1n));
      }
      const byBeneficiary = oldKeySet(P, 6, pairKey(stringKey, uint64Key));
      for (const [lockId, lock] of k.locks.iterate(ctx)) {
        k.locks.indexes.byBeneficiary.onRemove(ctx, lockId, lock);
        byBeneficiary.set(ctx, [lock.beneficiary, lockId], true);
      }
      rewrite(
        ctx,
        k.roles,
        oldMap(P, 9, pairKey(uint64Key, stringKey), k.roles.valueCodec),
        (key) => key,
        (v) => v,
      );
    });
    expect(queryAt(ctx, m, Q + "LocksByBeneficiary", { beneficiary: bene.address })).toEqual(locksBefore);
    expect(queryAt(ctx, m, Q + "ListRole", { treasuryId: id })).toEqual(rolesBefore);
  });
});
