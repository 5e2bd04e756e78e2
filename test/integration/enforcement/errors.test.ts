import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moduleAddress } from "../../../src/types/address";
import { govAuthority } from "../../../src/types/authority";
import { TestChain, type DeliverResult } from "../../helpers/chain";
import {
  CaseAction,
  HASH,
  caseIdOf,
  destination,
  enforcementChain,
  expectEnforcementError,
  getCase,
  getParams,
  instrument,
  keys,
  msg,
  openCase,
  validator,
} from "./setup";

// Every enforcement code (1100–1113, 1115–1117) reached through a signed tx or a governance
// execution, and the constitution's ErrInvariantViolation for params that disagree with it.

function expectGovCode(res: { code: number; codespace: string; log: string }, codespace: string, code: number): void {
  expect({ codespace: res.codespace, code: res.code, log: res.log }).toMatchObject({ codespace, code });
}

describe("enforcement error codes", () => {
  let chain: TestChain;
  const v = () => validator();
  const open = (
    over: Parameters<typeof msg.open>[3] = {},
    action = CaseAction.CASE_ACTION_SEIZE,
    target = keys.mallory.address,
  ): Promise<DeliverResult> => chain.deliver(v(), [msg.open(v().address, target, action, over)]);

  beforeAll(async () => {
    chain = await enforcementChain({ params: { max_reason_length: "64", max_evidence_uri_length: "32" } });
  });
  afterAll(async () => chain.close());

  it("1100 ErrInvalidSigner: params and reversal by anyone but governance, a veto by anyone but the ombudsman", async () => {
    expectEnforcementError(await chain.deliver(keys.mallory, [msg.updateParams(getParams(chain), keys.mallory.address)]), 1100);
    const id = await openCase(chain, keys.target.address);
    expectEnforcementError(await chain.deliver(keys.mallory, [msg.reverse(id, "no", keys.mallory.address)]), 1100);
    expectEnforcementError(await chain.deliver(keys.mallory, [msg.veto(keys.mallory.address, id)]), 1100);
    await chain.mustDeliver(v(), [msg.withdraw(v().address, id)]);
  });

  it("1101 ErrUnknownValidator: opening or voting by an account that is not a bonded validator", async () => {
    expectEnforcementError(await chain.deliver(keys.mallory, [msg.open(keys.mallory.address, keys.target.address)]), 1101);
    const id = await openCase(chain, keys.target.address);
    expectEnforcementError(await chain.deliver(keys.mallory, [msg.vote(keys.mallory.address, id)]), 1101);
    await chain.mustDeliver(v(), [msg.withdraw(v().address, id)]);
  });

  it("1102 ErrCaseNotFound", async () => {
    expectEnforcementError(await chain.deliver(v(), [msg.vote(v().address, 999n)]), 1102);
    expectEnforcementError(await chain.deliver(v(), [msg.withdraw(v().address, 999n)]), 1102);
    expectEnforcementError(await chain.deliver(keys.other, [msg.sweep(keys.other.address, 0n)]), 1102);
  });

  it("1103 ErrCaseClosed: voting on, withdrawing or vetoing a closed case", async () => {
    const id = await openCase(chain, keys.target.address);
    await chain.mustDeliver(v(), [msg.withdraw(v().address, id)]);
    expectEnforcementError(await chain.deliver(v(), [msg.vote(v().address, id)]), 1103);
    expectEnforcementError(await chain.deliver(v(), [msg.withdraw(v().address, id)]), 1103);
    expectEnforcementError(await chain.deliver(keys.ombudsman, [msg.veto(keys.ombudsman.address, id)]), 1103);
  });

  it("1104 ErrAlreadyVoted, 1105 ErrAlreadyFrozen, 1106 ErrNotTheOpener", async () => {
    const id = await openCase(chain, keys.target.address);
    await chain.mustDeliver(v(), [msg.vote(v().address, id)]);
    expectEnforcementError(await chain.deliver(v(), [msg.vote(v().address, id)]), 1104);
    expectEnforcementError(await chain.deliver(v(), [msg.open(v().address, keys.target.address)]), 1105);
    expectEnforcementError(await chain.deliver(keys.mallory, [msg.withdraw(keys.mallory.address, id)]), 1106);
    await chain.mustDeliver(v(), [msg.withdraw(v().address, id)]);
  });

  it("1108 ErrEvidenceRequired and 1115 ErrLegalInstrumentRequired for a seizure; the instrument is ignored for a freeze", async () => {
    expectEnforcementError(await open({ evidenceUri: "" }), 1108);
    expectEnforcementError(await open({ evidenceHash: "" }), 1108);
    expectEnforcementError(await open({ legalInstrument: undefined }), 1115);
    expectEnforcementError(await open({ legalInstrument: instrument({ reference: "" }) }), 1115);
    expectEnforcementError(await open({ legalInstrument: instrument({ kind: 0 }) }), 1115);
    // A malformed hash or a date from the future is a defect of the instrument too (conformance.test.ts).
    expectEnforcementError(await open({ legalInstrument: instrument({ hash: HASH.toUpperCase() }) }), 1115);
    const res = await open({ legalInstrument: instrument({ reference: "" }) }, CaseAction.CASE_ACTION_FREEZE);
    expect(res.code).toBe(0);
    const c = getCase(chain, caseIdOf(res));
    expect(c.legalInstrument).toEqual({ issuingAuthority: "", reference: "", kind: 0, hash: "", issuedAt: 0n });
    await chain.mustDeliver(v(), [msg.withdraw(v().address, c.id)]);
  });

  it("1109 ErrInvalidCase: no action, no reason, a malformed evidence hash, self-accusation", async () => {
    expectEnforcementError(await open({}, CaseAction.CASE_ACTION_UNSPECIFIED), 1109);
    expectEnforcementError(await open({ reason: " " }), 1109);
    expectEnforcementError(await open({ evidenceHash: "ABC" }), 1109);
    expectEnforcementError(await open({}, CaseAction.CASE_ACTION_FREEZE, v().address), 1109);
    expectEnforcementError(await chain.deliver(keys.ombudsman, [msg.veto(keys.ombudsman.address, 1n, "")]), 1109);
  });

  it("1110 ErrNotSeizure and 1111 ErrNotPassed", async () => {
    const freeze = await openCase(chain, keys.target.address);
    expectEnforcementError(await chain.deliver(keys.other, [msg.sweep(keys.other.address, freeze)]), 1110);
    expectEnforcementError(await chain.deliver(keys.other, [msg.withdraw(keys.other.address, freeze)]), 1106);
    const r = await chain.govExec([msg.reverse(freeze)]);
    expectGovCode(r, "enforcement", 1111);
    await chain.mustDeliver(v(), [msg.withdraw(v().address, freeze)]);
    const seize = await openCase(chain, keys.target.address, CaseAction.CASE_ACTION_SEIZE);
    expectEnforcementError(await chain.deliver(keys.other, [msg.sweep(keys.other.address, seize)]), 1111);
    await chain.mustDeliver(v(), [msg.withdraw(v().address, seize)]);
  });

  it("1112 ErrProtectedAddress: module accounts, governance, the recovery destination and the ombudsman", async () => {
    for (const target of [
      moduleAddress("fee_collector"),
      moduleAddress("bonded_tokens_pool"),
      govAuthority(),
      destination(chain),
      keys.ombudsman.address,
    ]) {
      expectEnforcementError(await open({}, CaseAction.CASE_ACTION_FREEZE, target), 1112);
    }
  });

  it("1113 ErrLimitReached: reason or evidence URI over the limits in params", async () => {
    expectEnforcementError(await open({ reason: "x".repeat(65) }), 1113);
    expectEnforcementError(await open({ evidenceUri: "ipfs://" + "y".repeat(30) }), 1113);
  });

  it("1117 ErrOmbudsmanCannotInitiate: the ombudsman may sign nothing but a veto", async () => {
    expectEnforcementError(await chain.deliver(keys.ombudsman, [msg.open(keys.ombudsman.address, keys.target.address)]), 1117);
    expectEnforcementError(await chain.deliver(keys.ombudsman, [msg.emergencyFreeze(keys.ombudsman.address, keys.target.address)]), 1117);
    expectEnforcementError(await chain.deliver(keys.ombudsman, [msg.vote(keys.ombudsman.address, 1n)]), 1117);
    expectEnforcementError(await chain.deliver(keys.ombudsman, [msg.sweep(keys.ombudsman.address, 1n)]), 1117);
    expectEnforcementError(await chain.deliver(keys.ombudsman, [msg.withdraw(keys.ombudsman.address, 1n)]), 1117);
  });

  it("constitution 1101 ErrInvariantViolation: params that disagree with the invariants; agreeing params are stored", async () => {
    const p = getParams(chain);
    for (const over of [
      { votingPeriodBlocks: 11n },
      { provisionalFreezeBlocks: 16n },
      { thresholdBps: 5000n },
      { recoveryDestination: keys.other.address },
    ]) {
      expectGovCode(await chain.govExec([msg.updateParams({ ...p, ...over })]), "constitution", 1101);
    }
    expect((await chain.govExec([msg.updateParams({ ...p, maxReasonLength: 100n })])).log).toBe("");
    expect(getParams(chain).maxReasonLength).toBe(100n);
  });

  it("1116 ErrNoOmbudsman: a veto when params name none", async () => {
    const id = await openCase(chain, keys.target.address);
    expect((await chain.govExec([msg.updateParams({ ...getParams(chain), ombudsman: "" })])).log).toBe("");
    expectEnforcementError(await chain.deliver(keys.ombudsman, [msg.veto(keys.ombudsman.address, id)]), 1116);
    await chain.mustDeliver(v(), [msg.withdraw(v().address, id)]);
  });
});

describe("genesis params against the constitution", () => {
  it("refuses genesis params that disagree with the invariants", async () => {
    await expect(enforcementChain({ params: { voting_period_blocks: "99" } })).rejects.toThrow(/disagrees with the constitution/);
  });
});
