import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGenesis } from "../../helpers/genesis-import";
import { MisbehaviorType } from "cosmjs-types/tendermint/abci/types";
import { MsgUpdateParams } from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import { MsgSubmitEvidence } from "cosmjs-types/cosmos/evidence/v1beta1/tx";
import { signAminoTx } from "../../../src/client/amino";
import { aminoMsgJson } from "../../../src/codec/amino";
import { evidenceHash, packEquivocation } from "../../../src/modules/evidence";
import { collectQueryRoutes } from "../../../src/rest/query-routes";
import { govAuthority } from "../../../src/types/authority";
import type { AnyMsg, Timestamp } from "../../../src/types/codec";
import { silentLogger } from "../../../src/types/logger";
import { decBytes } from "../../../src/modules/slashing";
import type { Secp256k1Key } from "../../../src/client/signer";
import { CHAIN_ID, DENOM, pack, testKey } from "../../helpers/chain";
import { restHarness, type RestHarness } from "../rest/setup";
import { shapeProblems } from "../rest/shape";
import { ABSENT, COMMIT, consAddrOf, createValidatorMsg, devConsAddr, operatorOf, unjailMsg, valcons, vote } from "./setup";
import { STAKING_TEST_OPERATORS } from "../staking/setup";

const bob = testKey("bob");
const carol = testKey("carol");
const B = consAddrOf(bob);
const C = consAddrOf(carol);

describe("slashing and evidence: genesis, REST, amino JSON", () => {
  let h: RestHarness;
  let equivocationTime: Timestamp;
  let equivocationHeight: bigint;

  beforeAll(async () => {
    h = await restHarness({
      admitValidators: STAKING_TEST_OPERATORS,
      mutateGenesis: (s) => Object.assign(s.slashing.params, { signed_blocks_window: "10", downtime_jail_duration: "30s" }),
    });
    const chain = h.chain;
    await chain.mustDeliver(bob, [createValidatorMsg(bob, { amount: "20000000" })]);
    await chain.mustDeliver(carol, [createValidatorMsg(carol, { amount: "9000000" })]);
    // Bob misses three blocks, Carol signs; then Carol double signs.
    chain.engine.setCommitVotes([vote(devConsAddr, 10n, COMMIT), vote(B, 20n, ABSENT), vote(C, 9n, COMMIT)]);
    await chain.produceBlocks(3);
    chain.engine.setCommitVotes(undefined);
    equivocationHeight = chain.height;
    equivocationTime = chain.engine["lastTime"] as Timestamp;
    chain.engine.setNextMisbehavior([
      {
        type: MisbehaviorType.DUPLICATE_VOTE,
        validator: { address: C, power: 9n },
        height: equivocationHeight,
        time: equivocationTime,
        totalVotingPower: 39n,
      },
    ]);
    await chain.produceBlocks(1);
  });
  afterAll(async () => h.close());

  it("exports signing infos, missed blocks and evidence; importing the export twice gives the same state and app hash", async () => {
    const state = h.chain.app.exportAppState() as Record<string, any>;
    const bobInfo = state.slashing.signing_infos.find((s: any) => s.address === valcons(B));
    expect(bobInfo.validator_signing_info).toMatchObject({ index_offset: "3", missed_blocks_counter: "3", tombstoned: false });
    expect(state.slashing.missed_blocks.find((m: any) => m.address === valcons(B)).missed_blocks).toEqual(
      [0, 1, 2].map((i) => ({ index: String(i), missed: true })),
    );
    expect(state.slashing.signing_infos.find((s: any) => s.address === valcons(C)).validator_signing_info.tombstoned).toBe(true);
    expect(state.evidence.evidence).toEqual([
      {
        "@type": "/cosmos.evidence.v1beta1.Equivocation",
        height: equivocationHeight.toString(),
        time: expect.any(String),
        power: "9",
        consensus_address: valcons(C),
      },
    ]);
    const height = String(h.chain.height + 1n);
    const a = await importGenesis({ ...h.chain.genesis, initial_height: height, app_state: state });
    const b = await importGenesis({ ...h.chain.genesis, initial_height: height, app_state: a.exported });
    for (const section of ["slashing", "evidence"]) {
      expect(a.exported[section]).toEqual(state[section]);
      expect(b.exported[section]).toEqual(state[section]);
    }
    expect(b.appHash).toBe(a.appHash);
  });

  it("genesis validation refuses bad params and duplicate evidence", async () => {
    const state = h.chain.app.exportAppState() as Record<string, any>;
    const height = String(h.chain.height + 1n);
    await expect(
      importGenesis({
        ...h.chain.genesis,
        initial_height: height,
        app_state: { ...state, slashing: { ...state.slashing, params: { ...state.slashing.params, signed_blocks_window: "0" } } },
      }),
    ).rejects.toThrow(/signed blocks window must be positive/);
    await expect(
      importGenesis({
        ...h.chain.genesis,
        initial_height: height,
        app_state: { ...state, evidence: { evidence: [...state.evidence.evidence, ...state.evidence.evidence] } },
      }),
    ).rejects.toThrow(/already exists/);
  });

  it("REST answers the SDK's JSON for signing infos, params and evidence", async () => {
    const routes = collectQueryRoutes(h.chain.app, silentLogger);
    const shape = (template: string, body: unknown) => shapeProblems(routes.find((r) => r.template === template)!.response, body);
    const one = await h.get(`/cosmos/slashing/v1beta1/signing_infos/${valcons(B)}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      val_signing_info: {
        address: valcons(B),
        start_height: expect.any(String),
        index_offset: "3",
        jailed_until: "1970-01-01T00:00:00Z",
        tombstoned: false,
        missed_blocks_counter: "3",
      },
    });
    const all = await h.get("/cosmos/slashing/v1beta1/signing_infos?pagination.limit=2&pagination.count_total=true");
    expect(all.body.info).toHaveLength(2);
    expect(all.body.pagination.total).toBe("3");
    expect(shape("/cosmos/slashing/v1beta1/signing_infos", all.body)).toEqual([]);
    const params = await h.get("/cosmos/slashing/v1beta1/params");
    expect(params.body).toEqual({
      params: {
        signed_blocks_window: "10",
        min_signed_per_window: "0.500000000000000000",
        downtime_jail_duration: "30s",
        slash_fraction_double_sign: "0.050000000000000000",
        slash_fraction_downtime: "0.010000000000000000",
      },
    });
    const missing = await h.get(`/cosmos/slashing/v1beta1/signing_infos/${valcons(new Uint8Array(20))}`);
    expect(missing.status).toBe(404);

    const hash = Buffer.from(
      evidenceHash({ height: equivocationHeight, time: equivocationTime, power: 9n, consensusAddress: valcons(C) }),
    ).toString("hex");
    const ev = await h.get(`/cosmos/evidence/v1beta1/evidence/${hash}`);
    expect(ev.status).toBe(200);
    expect(ev.body.evidence).toMatchObject({
      "@type": "/cosmos.evidence.v1beta1.Equivocation",
      height: equivocationHeight.toString(),
      power: "9",
      consensus_address: valcons(C),
    });
    const list = await h.get("/cosmos/evidence/v1beta1/evidence");
    expect(list.body).toEqual({ evidence: [ev.body.evidence], pagination: { next_key: null, total: "1" } });
    expect(shape("/cosmos/evidence/v1beta1/evidence", list.body)).toEqual([]);
    expect((await h.get("/cosmos/evidence/v1beta1/evidence/abcd")).status).toBe(404);
    expect((await h.get("/cosmos/evidence/v1beta1/evidence/xyz")).status).toBe(400);
  });

  async function amino(key: Secp256k1Key, msgs: AnyMsg[]) {
    const account = h.chain.account(key.address)!;
    return h.chain.deliverRaw(
      signAminoTx(msgs, [{ key, accountNumber: account.accountNumber, sequence: account.sequence }], {
        chainId: CHAIN_ID,
        fee: [{ denom: DENOM, amount: "5000" }],
        gasLimit: 400_000n,
        memo: "amino",
      }),
    );
  }

  it("amino JSON: MsgUnjail, MsgUpdateParams and MsgSubmitEvidence sign under the SDK's names and reach their handlers", async () => {
    const unjail = unjailMsg(carol);
    expect(aminoMsgJson(unjail, "cosmos-sdk/MsgUnjail")).toEqual({ type: "cosmos-sdk/MsgUnjail", value: { address: operatorOf(carol) } });
    const tombstoned = await amino(carol, [unjail]);
    expect([tombstoned.codespace, tombstoned.code]).toEqual(["slashing", 4]);

    const evidence = packEquivocation({ height: 2n, time: equivocationTime, power: 9n, consensusAddress: valcons(C) });
    const submit = pack("/cosmos.evidence.v1beta1.MsgSubmitEvidence", MsgSubmitEvidence, { submitter: bob.address, evidence });
    expect(aminoMsgJson(submit, "cosmos-sdk/MsgSubmitEvidence")).toMatchObject({
      type: "cosmos-sdk/MsgSubmitEvidence",
      value: {
        submitter: bob.address,
        evidence: { type: "cosmos-sdk/Equivocation", value: { height: "2", power: "9", consensus_address: valcons(C) } },
      },
    });
    const noRoute = await amino(bob, [submit]);
    expect([noRoute.codespace, noRoute.code]).toEqual(["evidence", 2]);

    const params = {
      signedBlocksWindow: 20n,
      minSignedPerWindow: decBytes("0.5"),
      downtimeJailDuration: { seconds: 60n, nanos: 0 },
      slashFractionDoubleSign: decBytes("0.05"),
      slashFractionDowntime: decBytes("0.01"),
    };
    const update = pack("/cosmos.slashing.v1beta1.MsgUpdateParams", MsgUpdateParams, { authority: bob.address, params });
    expect(aminoMsgJson(update, "cosmos-sdk/x/slashing/MsgUpdateParams")).toMatchObject({
      type: "cosmos-sdk/x/slashing/MsgUpdateParams",
      value: { authority: bob.address, params: { signed_blocks_window: "20" } },
    });
    const notGov = await amino(bob, [update]);
    expect([notGov.codespace, notGov.code]).toEqual(["gov", 13]);
  });

  it("MsgUpdateParams by governance changes the params; invalid params are refused (sdk 18)", async () => {
    const base = {
      signedBlocksWindow: 20n,
      minSignedPerWindow: decBytes("0.5"),
      downtimeJailDuration: { seconds: 60n, nanos: 0 },
      slashFractionDoubleSign: decBytes("0.05"),
      slashFractionDowntime: decBytes("0.01"),
    };
    const msg = (p: typeof base) =>
      pack("/cosmos.slashing.v1beta1.MsgUpdateParams", MsgUpdateParams, { authority: govAuthority(), params: p });
    for (const [bad, why] of [
      [{ ...base, signedBlocksWindow: 0n }, "signed blocks window must be positive"],
      [{ ...base, minSignedPerWindow: decBytes("1.5") }, "min signed per window too large"],
      [{ ...base, downtimeJailDuration: { seconds: 0n, nanos: 0 } }, "downtime jail duration must be positive"],
      [{ ...base, slashFractionDoubleSign: decBytes("-0.1") }, "double sign slash fraction cannot be negative"],
      [{ ...base, slashFractionDowntime: decBytes("2") }, "downtime slash fraction too large"],
    ] as const) {
      const res = await h.chain.govExec([msg(bad)]);
      expect([res.code, res.log]).toEqual([18, expect.stringContaining(why)]);
    }
    expect((await h.chain.govExec([msg(base)])).log).toBe("");
    expect((await h.get("/cosmos/slashing/v1beta1/params")).body.params).toMatchObject({
      signed_blocks_window: "20",
      downtime_jail_duration: "60s",
    });
  });
});
