import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeStdSignDoc, signAminoTx } from "../../../src/client/amino";
import type { Secp256k1Key } from "../../../src/client/signer";
import type { TxOptions } from "../../../src/client/tx-builder";
import type { AnyMsg } from "../../../src/types/codec";
import { CHAIN_ID } from "../../helpers/chain";
import { restHarness, type RestHarness } from "../rest/setup";
import { CYCLE, EUR, FUNDS, USD, batchHash, expectNettingError, keys, msg, nettingGenesisEdit, throughBoundary } from "./setup";

const opts: TxOptions = { chainId: CHAIN_ID, gasLimit: 400_000n };
const R = "/blockchain/netting/v1";
const A = keys.bankA.address;
const B = keys.bankB.address;

describe("netting: LEGACY_AMINO_JSON for every message, and REST read-back with grpc-gateway JSON", () => {
  let t: RestHarness;
  let closedAt = 0n;
  let submittedAt = 0n;

  beforeAll(async () => {
    t = await restHarness({
      funded: Object.fromEntries(Object.keys(keys).map((n) => [`netting/${n}`, FUNDS])),
      mutateGenesis: nettingGenesisEdit(),
    });
  });
  afterAll(async () => t.close());

  async function amino(key: Secp256k1Key, msgs: AnyMsg[]) {
    const account = t.chain.account(key.address)!;
    return t.chain.deliverRaw(signAminoTx(msgs, [{ key, accountNumber: account.accountNumber, sequence: account.sequence }], opts));
  }

  it("names every message by its wire amino name", () => {
    const names = [
      msg.post(A, [{ denom: EUR, amount: "1" }]),
      msg.withdraw(A, [{ denom: EUR, amount: "1" }]),
      msg.submit(A, B, "1"),
      msg.updateParams({ cycleBlocks: 1n, denomPolicies: [], maxHoldCycles: 0n }),
      msg.abandon(1n, EUR),
    ].map((m) => (makeStdSignDoc([m], opts, 0n, 0n) as any).msgs[0].type);
    expect(names).toEqual([
      "blockchain/x/netting/MsgPostReserve",
      "blockchain/x/netting/MsgWithdrawReserve",
      "blockchain/x/netting/MsgSubmitObligation",
      "blockchain/x/netting/MsgUpdateParams",
      "blockchain/x/netting/MsgAbandonHeldSlice",
    ]);
  });

  it("amino-signed post, withdraw and obligations succeed; authority messages reach their handler (1100)", async () => {
    expect(
      (
        await amino(keys.bankA, [
          msg.post(A, [
            { denom: EUR, amount: "1000" },
            { denom: USD, amount: "10" },
          ]),
        ])
      ).log,
    ).toBe("");
    expect((await amino(keys.bankA, [msg.withdraw(A, [{ denom: USD, amount: "10" }])])).log).toBe("");
    const res = await amino(keys.bankA, [msg.submit(A, B, "250", EUR, batchHash("batch-1"))]);
    expect(res.log).toBe("");
    submittedAt = res.height;
    expectNettingError(await amino(keys.bankA, [msg.updateParams({ cycleBlocks: 1n, denomPolicies: [], maxHoldCycles: 0n }, A)]), 1100);
    expectNettingError(await amino(keys.bankA, [msg.abandon(1n, EUR, "x", A)]), 1100);
  });

  it("REST: position, obligations, current cycle and params in grpc-gateway JSON", async () => {
    expect(await t.get(`${R}/position/${A}`)).toMatchObject({
      status: 200,
      body: { entries: [{ denom: EUR, reserve: "1000", locked: "250", available: "750", net_position: "-250" }] },
    });
    const ob = await t.get(`${R}/obligations/${B}/1`);
    expect(ob.status).toBe(200);
    expect(ob.body).toEqual({
      obligations: [
        {
          cycle_id: "1",
          id: "1",
          from_participant: A,
          to_participant: B,
          denom: EUR,
          amount: "250",
          batch_hash: Buffer.from(batchHash("batch-1")).toString("base64"),
          mode: "SETTLEMENT_MODE_NET",
          submitted_at_height: String(submittedAt),
        },
      ],
      pagination: { next_key: null, total: "1" },
    });
    const cur = await t.get(`${R}/cycle/current`);
    expect(cur.body).toEqual({
      cycle: {
        id: "1",
        opened_at_height: "0",
        closed_at_height: "0",
        status: "CYCLE_STATUS_OPEN",
        outcomes: [
          { denom: EUR, status: "DENOM_STATUS_OPEN", gross_amount: "250", net_amount: "0", obligation_count: "1", hold_reason: "" },
        ],
      },
      closes_at_height: String(CYCLE),
    });
    expect((await t.get(`${R}/params`)).body).toEqual({
      params: {
        cycle_blocks: String(CYCLE),
        max_hold_cycles: "0",
        denom_policies: [
          { denom: EUR, gross_threshold: "1000000", aggregate_gross_threshold: "0" },
          { denom: USD, gross_threshold: "1000000", aggregate_gross_threshold: "0" },
        ],
      },
    });
    expect((await t.get(`${R}/held`)).body).toEqual({ held: [] });
  });

  it("REST: a settled cycle with its compression; unknown cycle 404; bad participant 400", async () => {
    await throughBoundary(t.chain);
    closedAt = t.chain.height;
    expect((await t.get(`${R}/cycle/1`)).body).toEqual({
      cycle: {
        id: "1",
        opened_at_height: "0",
        closed_at_height: String(closedAt),
        status: "CYCLE_STATUS_SETTLED",
        outcomes: [
          { denom: EUR, status: "DENOM_STATUS_SETTLED", gross_amount: "250", net_amount: "250", obligation_count: "1", hold_reason: "" },
        ],
      },
      compression: [{ denom: EUR, compression_bps: "0" }],
    });
    expect((await t.get(`${R}/cycle/current`)).body.cycle).toMatchObject({
      id: "2",
      opened_at_height: String(closedAt),
      status: "CYCLE_STATUS_OPEN",
      outcomes: [],
    });
    const missing = await t.get(`${R}/cycle/9`);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(5);
    expect((await t.get(`${R}/position/notanaddress`)).status).toBe(400);
    expect((await t.get(`${R}/position/${B}`)).body).toEqual({
      entries: [{ denom: EUR, reserve: "250", locked: "0", available: "250", net_position: "0" }],
    });
  });
});
