import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initChainRequest, type GenesisDoc } from "../../../src/abci/genesis-doc";
import { App } from "../../../src/app/app";
import { buildModules } from "../../../src/app/modules";
import { createTestGovModule } from "../../helpers/test-gov";
import { makeStdSignDoc, signAminoTx } from "../../../src/client/amino";
import type { Secp256k1Key } from "../../../src/client/signer";
import type { TxOptions } from "../../../src/client/tx-builder";
import { createRestServer, DevBackend } from "../../../src/rest";
import { moduleAddress } from "../../../src/types/address";
import type { AnyMsg } from "../../../src/types/codec";
import { silentLogger } from "../../../src/types/logger";
import { CHAIN_ID, DENOM, type TestChain } from "../../helpers/chain";
import { LockType, Role, USD, at, balances, expectTreasuryError, getParams, keys, msg, now, treasuryChain } from "./setup";

const { admin, spender, pauser, bene, other, buyer, seller, moderator } = keys;
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("treasury through REST, amino and genesis", () => {
  let chain: TestChain;
  let rest: FastifyInstance;
  let t0: bigint;
  const get = async (url: string) => {
    const res = await rest.inject({ method: "GET", url });
    return { status: res.statusCode, body: JSON.parse(res.payload) };
  };
  const opts: TxOptions = { chainId: CHAIN_ID, gasLimit: 400_000n };
  async function amino(key: Secp256k1Key, msgs: AnyMsg[]) {
    const account = chain.account(key.address)!;
    return chain.deliverRaw(signAminoTx(msgs, [{ key, accountNumber: account.accountNumber, sequence: account.sequence }], opts));
  }

  beforeAll(async () => {
    chain = await treasuryChain();
    rest = createRestServer({ app: chain.app, node: new DevBackend(chain.engine, chain.app), logger: silentLogger });
    await rest.ready();
  });
  afterAll(async () => {
    await rest.close();
    await chain.close();
  });

  it("every message signs in LEGACY_AMINO_JSON; wire amino names where given, type URL otherwise", async () => {
    const open = makeStdSignDoc([msg.openEscrow(buyer.address, seller.address, moderator.address, 5n)], opts, 0n, 0n) as any;
    expect(open.msgs[0].type).toBe("blockchain/x/treasury/MsgOpenEscrow");
    const create = makeStdSignDoc([msg.create(admin.address)], opts, 0n, 0n) as any;
    expect(create.msgs[0].type).toBe("/blockchain.treasury.v1.MsgCreateTreasury");

    const ok = async (key: Secp256k1Key, msgs: AnyMsg[]) => expect((await amino(key, msgs)).log).toBe("");
    await ok(admin, [msg.create(admin.address, "amino")]);
    const id = 1n;
    await ok(admin, [msg.deposit(admin.address, id, 5000n)]);
    await ok(admin, [msg.assign(admin.address, id, spender.address, Role.ROLE_SPENDER)]);
    await ok(admin, [msg.assign(admin.address, id, other.address, Role.ROLE_PAUSER)]);
    await ok(admin, [msg.unassign(admin.address, id, other.address)]);
    await ok(admin, [msg.assign(admin.address, id, pauser.address, Role.ROLE_PAUSER)]);
    await ok(admin, [
      msg.policy(admin.address, {
        treasuryId: id,
        perTransactionLimit: "400",
        periodLimit: "1000",
        periodSeconds: 86400n,
        allowlist: [bene.address],
      }),
    ]);
    await ok(spender, [msg.spend(spender.address, id, bene.address, 100n, { memo: "invoice 7" })]);
    t0 = now(chain);
    await ok(admin, [
      msg.lock(admin.address, id, bene.address, 1000n, {
        lockType: LockType.LOCK_TYPE_VESTING,
        startTime: t0,
        cliffTime: t0 + 100n,
        endTime: t0 + 1000n,
        releaseIntervals: 4n,
        revocable: true,
      }),
    ]);
    await ok(admin, [
      msg.lock(admin.address, id, bene.address, 300n, {
        lockType: LockType.LOCK_TYPE_VESTING,
        startTime: t0,
        cliffTime: t0,
        endTime: t0 + 1000n,
        revocable: true,
      }),
    ]);
    at(chain, t0 + 500n);
    await ok(bene, [msg.claim(bene.address, 1n)]);
    await ok(admin, [msg.revoke(admin.address, 2n)]);
    await ok(pauser, [msg.pause(pauser.address, id)]);
    await ok(pauser, [msg.pause(pauser.address, id, false)]);
    await ok(buyer, [msg.openEscrow(buyer.address, seller.address, moderator.address, 70n)]);
    await ok(buyer, [msg.openEscrow(buyer.address, seller.address, moderator.address, 80n)]);
    await ok(buyer, [msg.openEscrow(buyer.address, seller.address, moderator.address, 90n)]);
    await ok(buyer, [msg.release(buyer.address, 3n)]);
    await ok(seller, [msg.dispute(seller.address, 4n, "short delivery")]);
    await ok(moderator, [msg.resolve(moderator.address, 4n, false)]);
    await ok(buyer, [msg.dispute(buyer.address, 5n, "late")]);
    await ok(admin, [msg.setAdmin(admin.address, id, admin.address)]);
    // The governance message reaches its handler: the amino signature verified, the signer is not gov.
    expectTreasuryError(await amino(admin, [msg.updateParams(getParams(chain), admin.address)]), 1100);
  });

  it("reads back through REST with exact grpc-gateway JSON", async () => {
    const R = "/blockchain/treasury/v1";
    expect(await get(`${R}/params`)).toEqual({
      status: 200,
      body: {
        params: {
          max_locks_per_treasury: "500",
          max_role_assignments_per_treasury: "100",
          min_lock_seconds: "60",
          max_spend_policy_addresses: "200",
          fee_operating_treasury_id: "0",
          route_fees_to_operating_treasury: false,
        },
      },
    });
    const treasury = { id: "1", name: "amino", admin: admin.address, paused: false, created_at_height: expect.any(String) };
    expect(await get(`${R}/treasury/1`)).toEqual({ status: 200, body: { treasury } });
    expect(await get(`${R}/treasury`)).toEqual({ status: 200, body: { treasury: [treasury], pagination: { next_key: null, total: "1" } } });
    expect((await get(`${R}/treasury/9`)).status).toBe(404);
    // 5000 - 100 spent - 500 claimed (two of four tranches) - 150 vested to the beneficiary at revocation; 500 still locked.
    expect(await get(`${R}/treasury/1/balances`)).toEqual({
      status: 200,
      body: { balances: [{ denom: USD, total: "4250", locked: "500", available: "3750" }] },
    });
    expect(await get(`${R}/treasury/1/roles`)).toEqual({
      status: 200,
      body: {
        role: [
          { treasury_id: "1", address: spender.address, role: "ROLE_SPENDER" },
          { treasury_id: "1", address: pauser.address, role: "ROLE_PAUSER" },
        ].sort((a, b) => (a.address < b.address ? -1 : 1)),
        pagination: { next_key: null, total: "2" },
      },
    });
    expect(await get(`${R}/treasury/1/policy?denom=${USD}`)).toEqual({
      status: 200,
      body: {
        policy: {
          treasury_id: "1",
          denom: USD,
          per_transaction_limit: "400",
          period_limit: "1000",
          period_seconds: "86400",
          allowlist: [bene.address],
          blocklist: [],
        },
      },
    });
    const cap = await get(`${R}/treasury/1/capacity?denom=${USD}`);
    expect(cap.body).toEqual({
      remaining_this_period: "900",
      available: "3750",
      per_transaction_limit: "400",
      period_resets_at: expect.any(String),
    });
    const lock1 = await get(`${R}/lock/1`);
    expect(lock1).toEqual({
      status: 200,
      body: {
        lock: {
          id: "1",
          treasury_id: "1",
          beneficiary: bene.address,
          denom: USD,
          total_amount: "1000",
          released_amount: "500",
          start_time: t0.toString(),
          cliff_time: (t0 + 100n).toString(),
          end_time: (t0 + 1000n).toString(),
          release_intervals: "4",
          lock_type: "LOCK_TYPE_VESTING",
          revocable: true,
          active: true,
          created_at_height: expect.any(String),
          depositor: "",
          moderator: "",
          dispute: "DISPUTE_STATE_NONE",
          dispute_reason: "",
          dispute_opened_by: "",
        },
      },
    });
    expect(await get(`${R}/lock/1/claimable`)).toEqual({ status: 200, body: { claimable: "0", vested: "500", remaining: "500" } });
    const escrow = (await get(`${R}/lock/5`)).body.lock;
    expect(escrow).toMatchObject({
      treasury_id: "0",
      lock_type: "LOCK_TYPE_CONDITIONAL",
      depositor: buyer.address,
      moderator: moderator.address,
      dispute: "DISPUTE_STATE_OPEN",
      dispute_reason: "late",
      dispute_opened_by: buyer.address,
      active: true,
      end_time: "0",
    });
    expect((await get(`${R}/lock/4`)).body.lock).toMatchObject({ dispute: "DISPUTE_STATE_RESOLVED", active: false, released_amount: "80" });
    const all = await get(`${R}/lock?pagination.limit=2`);
    expect(all.body.lock.map((l: any) => l.id)).toEqual(["1", "2"]);
    expect(all.body.pagination.next_key).not.toBeNull();
    expect((await get(`${R}/treasury/1/locks`)).body.lock.map((l: any) => l.id)).toEqual(["1", "2"]);
    expect((await get(`${R}/beneficiary/${seller.address}/locks`)).body.lock.map((l: any) => l.id)).toEqual(["3", "4", "5"]);
    expect((await get(`${R}/beneficiary/nonsense/locks`)).status).toBe(400);
    expect((await get(`${R}/lock/99`)).status).toBe(404);
  });

  it("fee routing: with the params on, the end blocker moves collected fees to the operating treasury", async () => {
    expect(
      (await chain.govExec([msg.updateParams({ ...getParams(chain), feeOperatingTreasuryId: 1n, routeFeesToOperatingTreasury: true })]))
        .log,
    ).toBe("");
    const before = balances(chain, 1n).find((b) => b.denom === DENOM)?.total ?? "0";
    await chain.mustDeliver(other, [msg.deposit(other.address, 1n, 1n)], { fee: [{ denom: DENOM, amount: "777" }] });
    expect(chain.balance(moduleAddress("fee_collector"), DENOM)).toBe(0n);
    const after = balances(chain, 1n).find((b) => b.denom === DENOM)!.total;
    expect(BigInt(after) - BigInt(before)).toBeGreaterThanOrEqual(777n);
    // Routing on without a treasury named is refused.
    expectTreasuryError((await chain.govExec([msg.updateParams({ ...getParams(chain), feeOperatingTreasuryId: 0n })])) as never, 1126);
  });

  it("InitChain from the export gives the exporting chain's app hash", async () => {
    const dir = mkdtempSync(join(tmpdir(), "treasury-import-"));
    dirs.push(dir);
    const doc: GenesisDoc = { ...chain.genesis, app_state: chain.app.exportAppState() as Record<string, unknown> };
    const exported = doc.app_state.treasury as Record<string, any>;
    expect([exported.treasury_count, exported.lock_count, exported.lock_list.length]).toEqual(["1", "5", 5]);
    const app = await App.open({ dataDir: dir, modules: buildModules({ extraModules: [createTestGovModule()] }), logger: silentLogger });
    const res = app.initChain(initChainRequest(doc));
    expect(Buffer.from(res.appHash).toString("hex")).toBe(Buffer.from(chain.app.store.lastAppHash).toString("hex"));
    await app.close();
  });

  it("refuses a genesis whose locked balance disagrees with its locks", async () => {
    const section = chain.app.exportAppState().treasury as Record<string, any>;
    await expect(
      treasuryChain((s) => {
        s.treasury = { ...section, balance_list: section.balance_list.map((b: any) => ({ ...b, locked: "0" })) };
      }),
    ).rejects.toThrow(/differs from its active locks|treasury genesis/);
  });
});
