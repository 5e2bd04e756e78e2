import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRestServer, DevBackend } from "../../../src/rest";
import { moduleAddress } from "../../../src/types/address";
import { silentLogger } from "../../../src/types/logger";
import type { TestChain } from "../../helpers/chain";
import { LockType, Role, USD, expectTreasuryError, getLock, getParams, idOf, keys, msg, now, treasuryChain } from "./setup";

// Rules 44–46 of the conformance round, through signed transactions on one shared chain. Each
// order step breaks its own condition and every later one, so only the step's code can answer.

const { admin, spender, bene, other, mallory } = keys;
/** Bank credits none of these from the treasury: a blocked module account, gov's (not blocked), the treasury's own. */
const UNCREDITABLE = [moduleAddress("bonded_tokens_pool"), moduleAddress("gov"), moduleAddress("treasury")];
const MISSING = 999n;

describe("treasury conformance", () => {
  let chain: TestChain;
  /** The main treasury: one active lock (the cap is 1), a spender, a policy on USD. */
  let main = 0n;
  /** Paused, with one active revocable lock. */
  let paused = 0n;
  /** No locks: available is what bounds a lock. */
  let spare = 0n;
  let revocableInPaused = 0n;
  let nonRevocable = 0n;
  let inactive = 0n;
  let revocable = 0n;
  let t = 0n;
  const schedule = () => ({ lockType: LockType.LOCK_TYPE_VESTING, startTime: t, cliffTime: t, endTime: t + 1000n });
  const badSchedule = () => ({ ...schedule(), endTime: t - 1n });

  beforeAll(async () => {
    chain = await treasuryChain();
    t = now(chain);
    const ids = async (n: number) => {
      const out: bigint[] = [];
      for (let i = 0; i < n; i++) out.push(idOf(await chain.mustDeliver(admin, [msg.create(admin.address, `t${i}`)])));
      return out;
    };
    [main, paused, spare] = await ids(3);
    for (const id of [main, paused, spare]) await chain.mustDeliver(admin, [msg.deposit(admin.address, id, 10_000n)]);
    await chain.mustDeliver(admin, [msg.assign(admin.address, main, spender.address, Role.ROLE_SPENDER)]);
    await chain.mustDeliver(admin, [
      msg.policy(admin.address, { treasuryId: main, perTransactionLimit: "500", blocklist: [other.address] }),
    ]);
    nonRevocable = idOf(await chain.mustDeliver(admin, [msg.lock(admin.address, main, bene.address, 100n, schedule())]));
    revocableInPaused = idOf(
      await chain.mustDeliver(admin, [msg.lock(admin.address, paused, bene.address, 100n, { ...schedule(), revocable: true })]),
    );
    inactive = idOf(
      await chain.mustDeliver(admin, [msg.lock(admin.address, spare, bene.address, 100n, { ...schedule(), revocable: true })]),
    );
    await chain.mustDeliver(admin, [msg.revoke(admin.address, inactive)]);
    revocable = idOf(
      await chain.mustDeliver(admin, [msg.lock(admin.address, spare, bene.address, 100n, { ...schedule(), revocable: true })]),
    );
    await chain.mustDeliver(admin, [msg.pause(admin.address, paused)]);
    expect((await chain.govExec([msg.updateParams({ ...getParams(chain), maxLocksPerTreasury: 1n })])).log).toBe("");
  });
  afterAll(async () => chain.close());

  describe("rule 44: MsgCreateLock refusals in order", () => {
    const lock = (signer = admin, over: Parameters<typeof msg.lock>[4] = {}, treasury = MISSING, amount: string | bigint = 0n) =>
      chain.deliver(signer, [msg.lock(signer.address, treasury, bene.address, amount, { denom: "1bad", ...badSchedule(), ...over })]);

    it("1. beneficiary address (sdk ErrInvalidAddress)", async () => {
      const res = await chain.deliver(admin, [msg.lock(admin.address, MISSING, "yml1notanaddress", 0n, { denom: "1bad" })]);
      expect(res).toMatchObject({ codespace: "sdk", code: 7 });
    });

    it("2. a beneficiary bank will not credit: 1112 (blocked, module accounts, the treasury's own)", async () => {
      for (const beneficiary of UNCREDITABLE) {
        expectTreasuryError(
          await chain.deliver(admin, [msg.lock(admin.address, MISSING, beneficiary, 0n, { denom: "1bad", ...badSchedule() })]),
          1112,
        );
      }
    });

    it("3. denom: 1103", async () => {
      expectTreasuryError(await lock(), 1103);
    });

    it("4. treasury: 1101", async () => {
      expectTreasuryError(await lock(mallory, { denom: USD }), 1101);
    });

    it("5. paused: 1110 (a paused treasury refuses new locks)", async () => {
      expectTreasuryError(await lock(mallory, { denom: USD }, paused), 1110);
    });

    it("6. admin: 1102", async () => {
      expectTreasuryError(await lock(mallory, { denom: USD }, main), 1102);
    });

    it("7. amount: 1103", async () => {
      expectTreasuryError(await lock(admin, { denom: USD }, main, 0n), 1103);
    });

    it("8. schedule: 1106", async () => {
      expectTreasuryError(await lock(admin, { denom: USD }, main, 100_000n), 1106);
    });

    it("9. active-lock cap: 1113", async () => {
      expectTreasuryError(await lock(admin, { denom: USD, ...schedule() }, main, 100_000n), 1113);
    });

    it("10. available: 1104", async () => {
      // A treasury with no lock, so the cap of 1 leaves room.
      const free = idOf(await chain.mustDeliver(admin, [msg.create(admin.address, "free")]));
      await chain.mustDeliver(admin, [msg.deposit(admin.address, free, 50n)]);
      expectTreasuryError(await lock(admin, { denom: USD, ...schedule() }, free, 51n), 1104);
    });
  });

  describe("rule 44: MsgRevokeLock refusals in order", () => {
    it("1. lock: 1105", async () => {
      expectTreasuryError(await chain.deliver(mallory, [msg.revoke(mallory.address, MISSING)]), 1105);
    });

    it("2. active: 1107", async () => {
      expectTreasuryError(await chain.deliver(mallory, [msg.revoke(mallory.address, inactive)]), 1107);
    });

    it("3. revocable: 1108", async () => {
      expectTreasuryError(await chain.deliver(mallory, [msg.revoke(mallory.address, nonRevocable)]), 1108);
    });

    it("4. paused: 1110", async () => {
      expectTreasuryError(await chain.deliver(mallory, [msg.revoke(mallory.address, revocableInPaused)]), 1110);
    });

    it("5. admin: 1102; the admin then revokes", async () => {
      expectTreasuryError(await chain.deliver(mallory, [msg.revoke(mallory.address, revocable)]), 1102);
      await chain.mustDeliver(admin, [msg.revoke(admin.address, revocable)]);
      expect(getLock(chain, revocable).active).toBe(false);
    });
  });

  describe("rule 45: MsgSpend refusals in order", () => {
    const spend = (signer: typeof admin, treasury: bigint, recipient: string, amount: string | bigint) =>
      chain.deliver(signer, [msg.spend(signer.address, treasury, recipient, amount)]);

    it("1. a recipient bank will not credit: 1112, never bank's own error", async () => {
      for (const recipient of UNCREDITABLE) expectTreasuryError(await spend(mallory, MISSING, recipient, 0n), 1112);
      // Even from a treasury that could pay it.
      expectTreasuryError(await spend(admin, main, moduleAddress("distribution"), 1n), 1112);
    });

    it("2. treasury: 1101", async () => {
      expectTreasuryError(await spend(mallory, MISSING, other.address, 0n), 1101);
    });

    it("3. paused: 1110", async () => {
      expectTreasuryError(await spend(mallory, paused, other.address, 0n), 1110);
    });

    it("4. spender authorised: 1102", async () => {
      expectTreasuryError(await spend(mallory, main, other.address, 0n), 1102);
    });

    it("5. amount: 1103", async () => {
      expectTreasuryError(await spend(spender, main, other.address, 0n), 1103);
    });

    it("6. allowlist / blocklist: 1112", async () => {
      expectTreasuryError(await spend(spender, main, other.address, 100_000n), 1112);
    });

    it("7. per-transaction and period limits: 1111", async () => {
      expectTreasuryError(await spend(spender, main, bene.address, 100_000n), 1111);
    });

    it("8. available: 1104", async () => {
      await chain.mustDeliver(admin, [msg.policy(admin.address, { treasuryId: main })]);
      expectTreasuryError(await spend(spender, main, bene.address, 100_000n), 1104);
      await chain.mustDeliver(spender, [msg.spend(spender.address, main, bene.address, 100n)]);
    });
  });

  describe("rule 46: balances of a missing treasury; zero limits", () => {
    let rest: FastifyInstance;
    beforeAll(async () => {
      rest = createRestServer({ app: chain.app, node: new DevBackend(chain.engine, chain.app), logger: silentLogger });
      await rest.ready();
    });
    afterAll(async () => rest.close());

    it("TreasuryBalances of a treasury that does not exist: 200 with an empty list", async () => {
      const res = await rest.inject({ method: "GET", url: `/blockchain/treasury/v1/treasury/${MISSING}/balances` });
      expect({ status: res.statusCode, body: JSON.parse(res.payload) }).toEqual({ status: 200, body: { balances: [] } });
    });

    it("zero for any of the four limits is refused; the params are unchanged", async () => {
      const before = getParams(chain);
      for (const field of ["maxLocksPerTreasury", "maxRoleAssignmentsPerTreasury", "minLockSeconds", "maxSpendPolicyAddresses"] as const) {
        const res = await chain.govExec([msg.updateParams({ ...before, [field]: 0n })]);
        expect({ field, codespace: res.codespace, code: res.code }).toEqual({ field, codespace: "treasury", code: 1126 });
      }
      expect(getParams(chain)).toEqual(before);
    });
  });
});
