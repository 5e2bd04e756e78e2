import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moduleAddress } from "../../../src/types/address";
import { DENOM } from "../../helpers/chain";
import { restHarness, type RestHarness } from "../rest/setup";
import { operatorOf } from "../staking/setup";
import { CaseAction, HASH, caseIdOf, destination, enforcementChain, getCase, keys, msg, produceUntil, validator } from "./setup";

// Every enforcement query read back through REST with the exact grpc-gateway JSON: snake_case
// names, 64-bit integers as strings, enums by name, zero values and empty lists present.

const R = "/blockchain/enforcement/v1";

describe("enforcement through REST", () => {
  let t: RestHarness;
  let op = "";
  let freezeId = 0n;
  let seizeId = 0n;
  let openedAt = 0n;

  beforeAll(async () => {
    // The harness builds its own chain; reuse enforcementChain's genesis edits through a throwaway.
    const probe = await enforcementChain();
    const genesis = probe.genesis;
    await probe.close();
    t = await restHarness({
      funded: Object.fromEntries(Object.keys(keys).map((n) => [`enforcement/${n}`, [{ denom: DENOM, amount: "1000000000" }]])),
      mutateGenesis: (s) => {
        s.constitution = genesis.app_state.constitution;
        s.enforcement = genesis.app_state.enforcement;
      },
    });
    op = operatorOf(validator());
  });
  const get = async (url: string) => {
    const { status, body } = await t.get(url);
    return { status, body };
  };
  afterAll(async () => t.close());

  const emptyInstrument = { issuing_authority: "", reference: "", kind: "LEGAL_INSTRUMENT_KIND_UNSPECIFIED", hash: "", issued_at: "0" };

  function caseJson(over: Record<string, unknown>) {
    return {
      id: String(freezeId),
      target: keys.target.address,
      opener: op,
      action: "CASE_ACTION_FREEZE",
      status: "CASE_STATUS_VOTING",
      reason: "sanctions evasion",
      evidence_uri: "ipfs://evidence",
      evidence_hash: HASH,
      opened_at_height: String(openedAt),
      voting_ends_at_height: String(openedAt + 10n),
      resolved_at_height: "0",
      total_power_at_open: "10",
      yes_power: "0",
      no_power: "0",
      abstain_power: "0",
      recovered: [],
      sweep_complete: false,
      emergency: false,
      legal_instrument: emptyInstrument,
      execute_at_height: "0",
      assessed_value: [],
      ...over,
    };
  }

  it("serves the params the chain adopted from the constitution", async () => {
    expect(await get(`${R}/params`)).toEqual({
      status: 200,
      body: {
        params: {
          voting_period_blocks: "10",
          provisional_freeze_blocks: "15",
          threshold_bps: "6667",
          recovery_destination: destination(t.chain),
          max_reason_length: "1024",
          max_evidence_uri_length: "512",
          seize_requires_evidence: true,
          seizure_delay_blocks: "3",
          seizure_delay_tiers: [],
          seizure_window_blocks: "100800",
          seizure_window_cap: [],
          max_seizures_per_window: "10",
          ombudsman: keys.ombudsman.address,
        },
      },
    });
  });

  it("shows an open case, its votes, the freeze and the lists", async () => {
    const res = await t.chain.mustDeliver(validator(), [msg.open(validator().address, keys.target.address)]);
    freezeId = caseIdOf(res);
    openedAt = res.height;
    await t.chain.mustDeliver(validator(), [msg.vote(validator().address, freezeId)]);
    const open = caseJson({ yes_power: "10" });
    expect(await get(`${R}/case/${freezeId}`)).toEqual({
      status: 200,
      body: { case: open, votes: [{ case_id: String(freezeId), validator: op, option: "VOTE_OPTION_YES", power: "10" }] },
    });
    expect(await get(`${R}/case/open`)).toEqual({ status: 200, body: { case: [open] } });
    expect(await get(`${R}/case/held`)).toEqual({ status: 200, body: { case: [] } });
    expect(await get(`${R}/case`)).toEqual({ status: 200, body: { case: [open], pagination: { next_key: null, total: "1" } } });
    expect(await get(`${R}/case/${freezeId}/votes`)).toEqual({
      status: 200,
      body: {
        votes: [{ case_id: String(freezeId), validator: op, option: "VOTE_OPTION_YES", power: "10" }],
        yes_power: "10",
        no_power: "0",
        abstain_power: "0",
        total_power_at_open: "10",
        required_power: "7",
      },
    });
    const freeze = {
      address: keys.target.address,
      case_id: String(freezeId),
      expires_at_height: String(openedAt + 15n),
      frozen_at_height: String(openedAt),
    };
    expect(await get(`${R}/freeze/${keys.target.address}`)).toEqual({ status: 200, body: { frozen: true, freeze, case: open } });
    expect(await get(`${R}/freeze`)).toEqual({ status: 200, body: { freeze: [freeze], pagination: { next_key: null, total: "1" } } });
  });

  it("answers an unfrozen address with frozen false and empty records", async () => {
    expect(await get(`${R}/freeze/${keys.other.address}`)).toEqual({
      status: 200,
      body: {
        frozen: false,
        freeze: { address: "", case_id: "0", expires_at_height: "0", frozen_at_height: "0" },
        case: {
          id: "0",
          target: "",
          opener: "",
          action: "CASE_ACTION_UNSPECIFIED",
          status: "CASE_STATUS_UNSPECIFIED",
          reason: "",
          evidence_uri: "",
          evidence_hash: "",
          opened_at_height: "0",
          voting_ends_at_height: "0",
          resolved_at_height: "0",
          total_power_at_open: "0",
          yes_power: "0",
          no_power: "0",
          abstain_power: "0",
          recovered: [],
          sweep_complete: false,
          emergency: false,
          legal_instrument: emptyInstrument,
          execute_at_height: "0",
          assessed_value: [],
        },
      },
    });
  });

  it("shows the passed case, a held seizure, the executed seizure, the recovered totals and the window", async () => {
    const seize = await t.chain.mustDeliver(validator(), [msg.open(validator().address, keys.other.address, CaseAction.CASE_ACTION_SEIZE)]);
    seizeId = caseIdOf(seize);
    await t.chain.mustDeliver(validator(), [msg.vote(validator().address, seizeId)]);
    await produceUntil(t.chain, openedAt + 10n);
    const passed = caseJson({ status: "CASE_STATUS_PASSED", yes_power: "10", resolved_at_height: String(openedAt + 10n) });
    expect((await get(`${R}/case/${freezeId}`)).body.case).toEqual(passed);
    expect((await get(`${R}/freeze/${keys.target.address}`)).body.freeze.expires_at_height).toBe("0");

    const c = getCase(t.chain, seizeId);
    await produceUntil(t.chain, c.votingEndsAtHeight);
    const held = getCase(t.chain, seizeId);
    const heldJson = {
      id: String(seizeId),
      target: keys.other.address,
      opener: op,
      action: "CASE_ACTION_SEIZE",
      status: "CASE_STATUS_HELD",
      reason: "sanctions evasion",
      evidence_uri: "ipfs://evidence",
      evidence_hash: HASH,
      opened_at_height: String(seize.height),
      voting_ends_at_height: String(c.votingEndsAtHeight),
      resolved_at_height: String(c.votingEndsAtHeight),
      total_power_at_open: "10",
      yes_power: "10",
      no_power: "0",
      abstain_power: "0",
      recovered: [],
      sweep_complete: false,
      emergency: false,
      legal_instrument: {
        issuing_authority: "High Court",
        reference: "HC-2026-17",
        kind: "LEGAL_INSTRUMENT_KIND_COURT_ORDER",
        hash: HASH,
        issued_at: "1700000000",
      },
      execute_at_height: String(c.votingEndsAtHeight + 3n),
      assessed_value: [{ denom: DENOM, amount: "1000000000" }],
    };
    expect(held.executeAtHeight).toBe(c.votingEndsAtHeight + 3n);
    expect(await get(`${R}/case/held`)).toEqual({ status: 200, body: { case: [heldJson] } });

    await produceUntil(t.chain, held.executeAtHeight);
    const executed = {
      ...heldJson,
      status: "CASE_STATUS_PASSED",
      recovered: [{ denom: DENOM, amount: "1000000000" }],
      sweep_complete: true,
    };
    expect((await get(`${R}/case/${seizeId}`)).body).toEqual({
      case: executed,
      votes: [{ case_id: String(seizeId), validator: op, option: "VOTE_OPTION_YES", power: "10" }],
    });
    expect(await get(`${R}/recovered`)).toEqual({
      status: 200,
      body: { total: [{ denom: DENOM, amount: "1000000000" }], cases_opened: "2", cases_passed: "2" },
    });
    const h = BigInt((await get(`/cosmos/base/tendermint/v1beta1/blocks/latest`)).body.block.header.height);
    expect(await get(`${R}/window`)).toEqual({
      status: 200,
      body: {
        window_start_height: "0",
        current_height: String(h),
        seized: [{ denom: DENOM, amount: "1000000000" }],
        cap: [],
        remaining: [],
        seizure_count: "1",
        max_seizures: "10",
      },
    });
    expect(t.chain.balance(destination(t.chain))).toBe(1_000_000_000n);
  });

  it("answers a missing case with 404 and a malformed address with 400", async () => {
    expect((await get(`${R}/case/99`)).status).toBe(404);
    expect((await get(`${R}/freeze/not-an-address`)).status).toBe(400);
    expect((await get(`${R}/freeze/${moduleAddress("gov")}`)).body.frozen).toBe(false);
  });
});
