import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moduleAddress } from "../../../src/types/address";
import * as tx from "../../../src/gen/blockchain/treasury/v1/tx";
import { DisputeState } from "../../../src/gen/blockchain/treasury/v1/lock";
import type { TestChain } from "../../helpers/chain";
import {
  LockType,
  Role,
  USD,
  at,
  balances,
  capacity,
  claimable,
  expectTreasuryError,
  getLock,
  getParams,
  getTreasury,
  idOf,
  keys,
  msg,
  now,
  responseOf,
  treasuryChain,
} from "./setup";

const { admin, spender, pauser, bene, other, mallory, buyer, seller, moderator } = keys;

describe("treasuries, roles, policies, pause", () => {
  let chain: TestChain;
  let id: bigint;
  beforeAll(async () => {
    chain = await treasuryChain();
    id = idOf(await chain.mustDeliver(admin, [msg.create(admin.address, "ops")]));
    await chain.mustDeliver(other, [msg.deposit(other.address, id, 10_000n)]);
  });
  afterAll(async () => chain.close());

  it("creates with the creator as admin and takes deposits from anyone", () => {
    expect(getTreasury(chain, id)).toMatchObject({ id, name: "ops", admin: admin.address, paused: false });
    expect(balances(chain, id)).toEqual([{ denom: USD, total: "10000", locked: "0", available: "10000" }]);
    expect(chain.balance(moduleAddress("treasury"), USD)).toBe(10_000n);
  });

  it("unknown treasury is 1101; a bad amount 1103", async () => {
    expectTreasuryError(await chain.deliver(other, [msg.deposit(other.address, 99n, 1n)]), 1101);
    expectTreasuryError(await chain.deliver(other, [msg.deposit(other.address, id, 0n)]), 1103);
    expectTreasuryError(await chain.deliver(admin, [msg.spend(admin.address, id, bene.address, "1.5")]), 1103);
  });

  it("reserved confidentiality bytes are refused when set (1103)", async () => {
    for (const f of ["amountCommitment", "amountRangeProof", "metadataHash"] as const) {
      expectTreasuryError(await chain.deliver(admin, [msg.spend(admin.address, id, bene.address, 1n, { [f]: new Uint8Array([1]) })]), 1103);
      expectTreasuryError(
        await chain.deliver(buyer, [msg.openEscrow(buyer.address, seller.address, moderator.address, 1n, { [f]: new Uint8Array([1]) })]),
        1103,
      );
    }
  });

  it("roles: only admins assign; unspecified is 1114; a spender spends, a stranger may not (1102)", async () => {
    expectTreasuryError(await chain.deliver(mallory, [msg.assign(mallory.address, id, mallory.address, Role.ROLE_SPENDER)]), 1102);
    expectTreasuryError(await chain.deliver(admin, [msg.assign(admin.address, id, spender.address, Role.ROLE_UNSPECIFIED)]), 1114);
    expectTreasuryError(await chain.deliver(admin, [msg.unassign(admin.address, id, spender.address)]), 1114);
    expectTreasuryError(await chain.deliver(mallory, [msg.unassign(mallory.address, id, admin.address)]), 1102);
    await chain.mustDeliver(admin, [
      msg.assign(admin.address, id, spender.address, Role.ROLE_SPENDER),
      msg.assign(admin.address, id, pauser.address, Role.ROLE_PAUSER),
    ]);
    await chain.mustDeliver(spender, [msg.spend(spender.address, id, bene.address, 100n)]);
    expect(chain.balance(bene.address, USD)).toBe(1_000_000_100n);
    expectTreasuryError(await chain.deliver(mallory, [msg.spend(mallory.address, id, mallory.address, 1n)]), 1102);
    expectTreasuryError(await chain.deliver(pauser, [msg.spend(pauser.address, id, pauser.address, 1n)]), 1102);
    // A spender manages nothing.
    expectTreasuryError(await chain.deliver(spender, [msg.policy(spender.address, { treasuryId: id })]), 1102);
    expectTreasuryError(await chain.deliver(spender, [msg.setAdmin(spender.address, id, spender.address)]), 1102);
  });

  it("spending more than available is 1104", async () => {
    expectTreasuryError(await chain.deliver(spender, [msg.spend(spender.address, id, bene.address, 9_901n)]), 1104);
  });

  it("per-transaction limit and period budget (1111); SpendCapacity shows the same arithmetic", async () => {
    await chain.mustDeliver(admin, [
      msg.policy(admin.address, { treasuryId: id, perTransactionLimit: "500", periodLimit: "800", periodSeconds: 3600n }),
    ]);
    expect(capacity(chain, id)).toMatchObject({ remainingThisPeriod: "800", available: "9900", perTransactionLimit: "500" });
    expectTreasuryError(await chain.deliver(spender, [msg.spend(spender.address, id, bene.address, 501n)]), 1111);
    const first = await chain.mustDeliver(spender, [msg.spend(spender.address, id, bene.address, 500n)]);
    const start = now(chain);
    expect(first.code).toBe(0);
    expect(capacity(chain, id)).toEqual({
      remainingThisPeriod: "300",
      available: "9400",
      perTransactionLimit: "500",
      periodResetsAt: start + 3600n,
    });
    expectTreasuryError(await chain.deliver(spender, [msg.spend(spender.address, id, bene.address, 301n)]), 1111);
    await chain.mustDeliver(spender, [msg.spend(spender.address, id, bene.address, 300n)]);
    expectTreasuryError(await chain.deliver(spender, [msg.spend(spender.address, id, bene.address, 1n)]), 1111);
    // The fixed window resets once period_seconds have passed since it opened.
    at(chain, start + 3600n);
    await chain.mustDeliver(spender, [msg.spend(spender.address, id, bene.address, 200n)]);
    expect(capacity(chain, id)).toMatchObject({ remainingThisPeriod: "600", available: "8900", periodResetsAt: start + 7200n });
  });

  it("allowlist and blocklist (1112); an address in both is denied; too many addresses is 1113", async () => {
    await chain.mustDeliver(admin, [
      msg.policy(admin.address, { treasuryId: id, allowlist: [bene.address, other.address], blocklist: [other.address] }),
    ]);
    expectTreasuryError(await chain.deliver(spender, [msg.spend(spender.address, id, mallory.address, 1n)]), 1112);
    expectTreasuryError(await chain.deliver(spender, [msg.spend(spender.address, id, other.address, 1n)]), 1112);
    await chain.mustDeliver(spender, [msg.spend(spender.address, id, bene.address, 1n)]);
    expect((await chain.govExec([msg.updateParams({ ...getParams(chain), maxSpendPolicyAddresses: 1n })])).log).toBe("");
    expectTreasuryError(
      await chain.deliver(admin, [msg.policy(admin.address, { treasuryId: id, allowlist: [bene.address, other.address] })]),
      1113,
    );
    await chain.mustDeliver(admin, [msg.policy(admin.address, { treasuryId: id })]);
    expect(capacity(chain, id)).toMatchObject({ remainingThisPeriod: "", perTransactionLimit: "", periodResetsAt: 0n });
  });

  it("role assignments are capped (1113)", async () => {
    expect((await chain.govExec([msg.updateParams({ ...getParams(chain), maxRoleAssignmentsPerTreasury: 2n })])).log).toBe("");
    expectTreasuryError(await chain.deliver(admin, [msg.assign(admin.address, id, other.address, Role.ROLE_SPENDER)]), 1113);
    // Changing an existing holder's role is not a new assignment.
    await chain.mustDeliver(admin, [msg.assign(admin.address, id, pauser.address, Role.ROLE_PAUSER)]);
  });

  it("pause halts spending (1110); only admin or pauser pauses; deposits continue", async () => {
    expectTreasuryError(await chain.deliver(spender, [msg.pause(spender.address, id)]), 1102);
    await chain.mustDeliver(pauser, [msg.pause(pauser.address, id)]);
    expect(getTreasury(chain, id).paused).toBe(true);
    expectTreasuryError(await chain.deliver(spender, [msg.spend(spender.address, id, bene.address, 1n)]), 1110);
    await chain.mustDeliver(other, [msg.deposit(other.address, id, 5n)]);
    await chain.mustDeliver(pauser, [msg.pause(pauser.address, id, false)]);
    await chain.mustDeliver(spender, [msg.spend(spender.address, id, bene.address, 1n)]);
  });

  it("a ROLE_ADMIN acts as admin; SetAdmin transfers control", async () => {
    await chain.mustDeliver(admin, [
      msg.unassign(admin.address, id, spender.address),
      msg.assign(admin.address, id, other.address, Role.ROLE_ADMIN),
    ]);
    expectTreasuryError(await chain.deliver(spender, [msg.spend(spender.address, id, bene.address, 1n)]), 1102);
    await chain.mustDeliver(other, [msg.setAdmin(other.address, id, bene.address)]);
    expect(getTreasury(chain, id).admin).toBe(bene.address);
    // The former admin holds no role: it manages nothing any more.
    expectTreasuryError(await chain.deliver(admin, [msg.pause(admin.address, id)]), 1102);
    await chain.mustDeliver(bene, [msg.unassign(bene.address, id, other.address)]);
    expectTreasuryError(await chain.deliver(other, [msg.pause(other.address, id)]), 1102);
  });

  it("MsgUpdateParams from a wrong signer is 1100", async () => {
    expectTreasuryError(await chain.deliver(mallory, [msg.updateParams(getParams(chain), mallory.address)]), 1100);
  });
});

describe("locks", () => {
  let chain: TestChain;
  let id: bigint;
  beforeAll(async () => {
    chain = await treasuryChain();
    id = idOf(await chain.mustDeliver(admin, [msg.create(admin.address, "vesting")]));
    await chain.mustDeliver(admin, [msg.deposit(admin.address, id, 10_000n)]);
  });
  afterAll(async () => chain.close());

  it("schedule errors are 1106; more than available is 1104; non-admin 1102", async () => {
    const t = now(chain);
    const ok = { lockType: LockType.LOCK_TYPE_VESTING, startTime: t, cliffTime: t, endTime: t + 1000n };
    expectTreasuryError(
      await chain.deliver(admin, [msg.lock(admin.address, id, bene.address, 1n, { ...ok, lockType: LockType.LOCK_TYPE_UNSPECIFIED })]),
      1106,
    );
    expectTreasuryError(
      await chain.deliver(admin, [msg.lock(admin.address, id, bene.address, 1n, { ...ok, lockType: LockType.LOCK_TYPE_CONDITIONAL })]),
      1106,
    );
    expectTreasuryError(await chain.deliver(admin, [msg.lock(admin.address, id, bene.address, 1n, { ...ok, endTime: t + 59n })]), 1106);
    expectTreasuryError(await chain.deliver(admin, [msg.lock(admin.address, id, bene.address, 1n, { ...ok, cliffTime: t - 1n })]), 1106);
    expectTreasuryError(
      await chain.deliver(admin, [
        msg.lock(admin.address, id, bene.address, 1n, { ...ok, startTime: t - 5000n, cliffTime: t - 5000n, endTime: t - 100n }),
      ]),
      1106,
    );
    expectTreasuryError(await chain.deliver(admin, [msg.lock(admin.address, id, bene.address, 10_001n, ok)]), 1104);
    expectTreasuryError(await chain.deliver(mallory, [msg.lock(mallory.address, id, bene.address, 1n, ok)]), 1102);
    expectTreasuryError(await chain.deliver(admin, [msg.lock(admin.address, id, bene.address, 0n, ok)]), 1103);
  });

  it("vesting with cliff: locked funds cannot be spent; claims release what vested; all claims sum to the amount", async () => {
    const t = now(chain);
    const res = await chain.mustDeliver(admin, [
      msg.lock(admin.address, id, bene.address, 1000n, {
        lockType: LockType.LOCK_TYPE_VESTING,
        startTime: t,
        cliffTime: t + 250n,
        endTime: t + 1000n,
        revocable: true,
      }),
    ]);
    const lockId = idOf(res);
    expect(balances(chain, id)).toEqual([{ denom: USD, total: "10000", locked: "1000", available: "9000" }]);
    expectTreasuryError(await chain.deliver(admin, [msg.spend(admin.address, id, admin.address, 9001n)]), 1104);
    // Before the cliff nothing has vested (1109); only the beneficiary claims (1102).
    expectTreasuryError(await chain.deliver(bene, [msg.claim(bene.address, lockId)]), 1109);
    expectTreasuryError(await chain.deliver(mallory, [msg.claim(mallory.address, lockId)]), 1102);
    at(chain, t + 333n);
    const c1 = await chain.mustDeliver(bene, [msg.claim(bene.address, lockId)]);
    expect(responseOf(c1, tx.MsgClaimLockResponse).released).toBe("333");
    expect(claimable(chain, lockId)).toMatchObject({ vested: "333", remaining: "667" });
    // Paused: claiming halts (1110).
    await chain.mustDeliver(admin, [msg.pause(admin.address, id)]);
    expectTreasuryError(await chain.deliver(bene, [msg.claim(bene.address, lockId)]), 1110);
    await chain.mustDeliver(admin, [msg.pause(admin.address, id, false)]);
    at(chain, t + 1000n);
    const c2 = await chain.mustDeliver(bene, [msg.claim(bene.address, lockId)]);
    expect(responseOf(c2, tx.MsgClaimLockResponse).released).toBe("667");
    expect(getLock(chain, lockId)).toMatchObject({ active: false, releasedAmount: "1000" });
    expectTreasuryError(await chain.deliver(bene, [msg.claim(bene.address, lockId)]), 1107);
    expectTreasuryError(await chain.deliver(admin, [msg.revoke(admin.address, lockId)]), 1107);
    expect(balances(chain, id)).toEqual([{ denom: USD, total: "9000", locked: "0", available: "9000" }]);
  });

  it("tranches release in steps; a time lock releases everything at end_time", async () => {
    const t = now(chain);
    const tr = idOf(
      await chain.mustDeliver(admin, [
        msg.lock(admin.address, id, bene.address, 100n, {
          lockType: LockType.LOCK_TYPE_VESTING,
          startTime: t,
          cliffTime: t,
          endTime: t + 400n,
          releaseIntervals: 4n,
        }),
      ]),
    );
    const tl = idOf(
      await chain.mustDeliver(admin, [
        msg.lock(admin.address, id, bene.address, 70n, {
          lockType: LockType.LOCK_TYPE_TIME,
          startTime: t,
          cliffTime: t,
          endTime: t + 400n,
        }),
      ]),
    );
    at(chain, t + 199n);
    await chain.mustDeliver(other, [msg.deposit(other.address, id, 1n)]);
    expect(claimable(chain, tr)).toEqual({ claimable: "25", vested: "25", remaining: "100" });
    expect(claimable(chain, tl)).toEqual({ claimable: "0", vested: "0", remaining: "70" });
    expectTreasuryError(await chain.deliver(bene, [msg.claim(bene.address, tl)]), 1109);
    at(chain, t + 400n);
    await chain.mustDeliver(bene, [msg.claim(bene.address, tr), msg.claim(bene.address, tl)]);
    expect(getLock(chain, tr).active).toBe(false);
    expect(getLock(chain, tl).releasedAmount).toBe("70");
  });

  it("revocation returns only the unvested part; vested but unclaimed goes to the beneficiary; not revocable is 1108", async () => {
    const t = now(chain);
    const r = idOf(
      await chain.mustDeliver(admin, [
        msg.lock(admin.address, id, bene.address, 1000n, {
          lockType: LockType.LOCK_TYPE_VESTING,
          startTime: t,
          cliffTime: t,
          endTime: t + 1000n,
          revocable: true,
        }),
      ]),
    );
    const nr = idOf(
      await chain.mustDeliver(admin, [
        msg.lock(admin.address, id, bene.address, 10n, {
          lockType: LockType.LOCK_TYPE_VESTING,
          startTime: t,
          cliffTime: t,
          endTime: t + 1000n,
        }),
      ]),
    );
    at(chain, t + 100n);
    await chain.mustDeliver(bene, [msg.claim(bene.address, r)]);
    expectTreasuryError(await chain.deliver(admin, [msg.revoke(admin.address, nr)]), 1108);
    expectTreasuryError(await chain.deliver(mallory, [msg.revoke(mallory.address, r)]), 1102);
    const before = chain.balance(bene.address, USD);
    const avail = BigInt(balances(chain, id)[0].available);
    at(chain, t + 400n);
    const res = await chain.mustDeliver(admin, [msg.revoke(admin.address, r)]);
    expect(responseOf(res, tx.MsgRevokeLockResponse)).toEqual({ returned: "600", vestedToBeneficiary: "300" });
    expect(chain.balance(bene.address, USD)).toBe(before + 300n);
    expect(BigInt(balances(chain, id)[0].available)).toBe(avail + 600n);
    expect(getLock(chain, r)).toMatchObject({ active: false, releasedAmount: "400" });
    expectTreasuryError(await chain.deliver(admin, [msg.revoke(admin.address, 999n)]), 1105);
    expectTreasuryError(await chain.deliver(bene, [msg.claim(bene.address, 999n)]), 1105);
  });

  it("active locks per treasury are capped (1113)", async () => {
    expect((await chain.govExec([msg.updateParams({ ...getParams(chain), maxLocksPerTreasury: 1n })])).log).toBe("");
    const t = now(chain);
    expectTreasuryError(
      await chain.deliver(admin, [
        msg.lock(admin.address, id, bene.address, 1n, { lockType: LockType.LOCK_TYPE_TIME, startTime: t, cliffTime: t, endTime: t + 100n }),
      ]),
      1113,
    );
  });
});

describe("escrow", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await treasuryChain();
  });
  afterAll(async () => chain.close());

  const open = async () => idOf(await chain.mustDeliver(buyer, [msg.openEscrow(buyer.address, seller.address, moderator.address, 1000n)]));

  it("opening: self-escrow 1115, moderator a party 1116; funds leave the depositor", async () => {
    expectTreasuryError(await chain.deliver(buyer, [msg.openEscrow(buyer.address, buyer.address, moderator.address, 1n)]), 1115);
    expectTreasuryError(await chain.deliver(buyer, [msg.openEscrow(buyer.address, seller.address, seller.address, 1n)]), 1116);
    expectTreasuryError(await chain.deliver(buyer, [msg.openEscrow(buyer.address, seller.address, buyer.address, 1n)]), 1116);
    const id = await open();
    expect(chain.balance(buyer.address, USD)).toBe(999_999_000n);
    expect(getLock(chain, id)).toMatchObject({
      treasuryId: 0n,
      lockType: LockType.LOCK_TYPE_CONDITIONAL,
      depositor: buyer.address,
      moderator: moderator.address,
      active: true,
    });
  });

  it("only the depositor releases (1118); release pays the beneficiary; a settled escrow is 1125", async () => {
    const id = await open();
    for (const k of [seller, moderator, admin]) expectTreasuryError(await chain.deliver(k, [msg.release(k.address, id)]), 1118);
    expectTreasuryError(await chain.deliver(seller, [msg.claim(seller.address, id)]), 1109);
    expectTreasuryError(await chain.deliver(mallory, [msg.claim(mallory.address, id)]), 1102);
    expectTreasuryError(await chain.deliver(admin, [msg.revoke(admin.address, id)]), 1108);
    const before = chain.balance(seller.address, USD);
    await chain.mustDeliver(buyer, [msg.release(buyer.address, id)]);
    expect(chain.balance(seller.address, USD)).toBe(before + 1000n);
    expectTreasuryError(await chain.deliver(buyer, [msg.release(buyer.address, id)]), 1125);
    expectTreasuryError(await chain.deliver(buyer, [msg.dispute(buyer.address, id)]), 1125);
  });

  it("disputes: either party with a reason (1124, 1119); frozen (1121); twice 1122; only the moderator resolves (1120)", async () => {
    const id = await open();
    expectTreasuryError(await chain.deliver(moderator, [msg.resolve(moderator.address, id, true)]), 1123);
    expectTreasuryError(await chain.deliver(seller, [msg.dispute(seller.address, id, " ")]), 1124);
    expectTreasuryError(await chain.deliver(mallory, [msg.dispute(mallory.address, id)]), 1119);
    await chain.mustDeliver(seller, [msg.dispute(seller.address, id, "payment late")]);
    expect(getLock(chain, id)).toMatchObject({
      dispute: DisputeState.DISPUTE_STATE_OPEN,
      disputeReason: "payment late",
      disputeOpenedBy: seller.address,
    });
    expectTreasuryError(await chain.deliver(buyer, [msg.dispute(buyer.address, id)]), 1122);
    expectTreasuryError(await chain.deliver(buyer, [msg.release(buyer.address, id)]), 1121);
    expectTreasuryError(await chain.deliver(buyer, [msg.resolve(buyer.address, id, false)]), 1120);
    const before = chain.balance(buyer.address, USD);
    await chain.mustDeliver(moderator, [msg.resolve(moderator.address, id, false)]);
    expect(chain.balance(buyer.address, USD)).toBe(before + 1000n);
    expect(getLock(chain, id)).toMatchObject({ dispute: DisputeState.DISPUTE_STATE_RESOLVED, active: false });
    expectTreasuryError(await chain.deliver(moderator, [msg.resolve(moderator.address, id, true)]), 1125);
  });

  it("resolution for the beneficiary pays the seller; escrow messages on a plain lock are 1117", async () => {
    const id = await open();
    await chain.mustDeliver(buyer, [msg.dispute(buyer.address, id)]);
    const before = chain.balance(seller.address, USD);
    await chain.mustDeliver(moderator, [msg.resolve(moderator.address, id, true)]);
    expect(chain.balance(seller.address, USD)).toBe(before + 1000n);
    const tid = idOf(await chain.mustDeliver(admin, [msg.create(admin.address)]));
    await chain.mustDeliver(admin, [msg.deposit(admin.address, tid, 100n)]);
    const t = now(chain);
    const lid = idOf(
      await chain.mustDeliver(admin, [
        msg.lock(admin.address, tid, bene.address, 10n, {
          lockType: LockType.LOCK_TYPE_TIME,
          startTime: t,
          cliffTime: t,
          endTime: t + 100n,
        }),
      ]),
    );
    expectTreasuryError(await chain.deliver(admin, [msg.release(admin.address, lid)]), 1117);
    expectTreasuryError(await chain.deliver(bene, [msg.dispute(bene.address, lid)]), 1117);
  });
});
