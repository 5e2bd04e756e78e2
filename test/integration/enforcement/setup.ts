import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import * as e from "../../../src/gen/blockchain/enforcement/v1/enforcement";
import { Role } from "../../../src/gen/blockchain/alias/v1/alias";
import * as atx from "../../../src/gen/blockchain/alias/v1/tx";
import type { Params } from "../../../src/gen/blockchain/enforcement/v1/params";
import * as q from "../../../src/gen/blockchain/enforcement/v1/query";
import * as tx from "../../../src/gen/blockchain/enforcement/v1/tx";
import { govAuthority } from "../../../src/types/authority";
import { DENOM, pack, testKey, type TestChain } from "../../helpers/chain";
import { moduleChain, moduleErrorExpecter, moduleKeys } from "../../helpers/module-setup";

export { eventOf, eventsOf, queryCode } from "../../helpers/module-setup";
export { CaseAction, CaseStatus, VoteOption, LegalInstrumentKind } from "../../../src/gen/blockchain/enforcement/v1/enforcement";

export const T = "/blockchain.enforcement.v1.";
export const Q = "/blockchain.enforcement.v1.Query/";

export const keys = moduleKeys("enforcement", ["target", "other", "ombudsman", "mallory", "alice", "grantee", "val2", "authDE", "authFR"]);
/** The operator account of the test chain's genesis validator (power 10). */
export const validator = () => testKey("validator");
export const GENESIS_POWER = 10n;

export const VOTING = 10n;
export const PROVISIONAL = 15n;
export const HASH = "a".repeat(64);

export const expectEnforcementError = moduleErrorExpecter("enforcement");

export interface ChainOptions {
  voting?: bigint;
  provisional?: bigint;
  /** Enforcement params (proto-JSON) merged over the test defaults. */
  params?: Record<string, unknown>;
  /**
   * ROLE_ENFORCEMENT_AUTHORITY grants (holder, country) planted in genesis: a grant by message
   * needs a group policy holder, genesis lets a plain key hold one and sign directly.
   */
  authorities?: Array<[holder: string, country: string]>;
  more?: (appState: Record<string, any>) => void;
}

/**
 * The constitution pins voting, provisional freeze and threshold; enforcement adopts them. The
 * recovery destination is the test genesis's foundation group policy (`destination`).
 */
export function enforcementChain(o: ChainOptions = {}): Promise<TestChain> {
  return moduleChain("enforcement", Object.keys(keys), [{ denom: DENOM, amount: "1000000000" }], (s) => {
    const inv = s.constitution.invariants;
    inv.enforcement_voting_period_blocks = String(o.voting ?? VOTING);
    inv.enforcement_provisional_freeze_blocks = String(o.provisional ?? PROVISIONAL);
    inv.enforcement_threshold_bps = "6667";
    s.enforcement.params = {
      ...s.enforcement.params,
      ombudsman: keys.ombudsman.address,
      seizure_delay_blocks: "3",
      ...(o.params ?? {}),
    };
    for (const [holder, jurisdiction] of o.authorities ?? []) {
      (s.alias.role_grants ??= []).push({
        holder,
        role: Role[Role.ROLE_ENFORCEMENT_AUTHORITY],
        jurisdiction,
        granted_by: govAuthority(),
        granted_at_height: "0",
      });
    }
    o.more?.(s);
  });
}

export function instrument(over: Partial<e.LegalInstrument> = {}): e.LegalInstrument {
  return e.LegalInstrument.fromPartial({
    issuingAuthority: "High Court",
    reference: "HC-2026-17",
    kind: e.LegalInstrumentKind.LEGAL_INSTRUMENT_KIND_COURT_ORDER,
    hash: HASH,
    issuedAt: 1_700_000_000n,
    ...over,
  });
}

export const msg = {
  open: (opener: string, target: string, action = e.CaseAction.CASE_ACTION_FREEZE, over: Partial<tx.MsgOpenCase> = {}) =>
    pack(
      T + "MsgOpenCase",
      tx.MsgOpenCase,
      tx.MsgOpenCase.fromPartial({
        opener,
        target,
        action,
        reason: "sanctions evasion",
        evidenceUri: "ipfs://evidence",
        evidenceHash: HASH,
        legalInstrument: action === e.CaseAction.CASE_ACTION_SEIZE ? instrument() : undefined,
        ...over,
      }),
    ),
  vote: (voter: string, caseId: bigint, option = e.VoteOption.VOTE_OPTION_YES) =>
    pack(T + "MsgVoteCase", tx.MsgVoteCase, { voter, caseId, option }),
  withdraw: (opener: string, caseId: bigint) => pack(T + "MsgWithdrawCase", tx.MsgWithdrawCase, { opener, caseId }),
  sweep: (sender: string, caseId: bigint) => pack(T + "MsgSweep", tx.MsgSweep, { sender, caseId }),
  emergencyFreeze: (authority: string, target: string, reason = "imminent flight of funds") =>
    pack(T + "MsgEmergencyFreeze", tx.MsgEmergencyFreeze, { authority, target, reason, evidenceUri: "", evidenceHash: "" }),
  emergencyRelease: (authority: string, caseId: bigint, reason = "mistaken identity") =>
    pack(T + "MsgEmergencyRelease", tx.MsgEmergencyRelease, { authority, caseId, reason }),
  veto: (ombudsman: string, caseId: bigint, reason = "disproportionate") =>
    pack(T + "MsgOmbudsmanVeto", tx.MsgOmbudsmanVeto, { ombudsman, caseId, reason }),
  reverse: (caseId: bigint, reason = "appeal upheld", authority = govAuthority()) =>
    pack(T + "MsgReverseCase", tx.MsgReverseCase, { authority, caseId, reason }),
  updateParams: (params: Params, authority = govAuthority()) => pack(T + "MsgUpdateParams", tx.MsgUpdateParams, { authority, params }),
};

export function getCase(chain: TestChain, id: bigint): e.Case {
  return chain.query(Q + "GetCase", q.QueryGetCaseRequest, { id }, q.QueryGetCaseResponse).case!;
}

export function freezeStatus(chain: TestChain, address: string) {
  return chain.query(Q + "FreezeStatus", q.QueryFreezeStatusRequest, { address }, q.QueryFreezeStatusResponse);
}

export function caseVotes(chain: TestChain, caseId: bigint) {
  return chain.query(Q + "CaseVotes", q.QueryCaseVotesRequest, { caseId }, q.QueryCaseVotesResponse);
}

export function getParams(chain: TestChain): Params {
  return chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params!;
}

/** The recovery destination in force (the foundation's group policy account). */
export function destination(chain: TestChain): string {
  return getParams(chain).recoveryDestination;
}

export function seizureWindow(chain: TestChain) {
  return chain.query(Q + "SeizureWindow", q.QuerySeizureWindowRequest, {}, q.QuerySeizureWindowResponse);
}

export function recovered(chain: TestChain) {
  return chain.query(Q + "Recovered", q.QueryRecoveredRequest, {}, q.QueryRecoveredResponse);
}

/** The id a MsgOpenCase / MsgEmergencyFreeze response carries. */
export function caseIdOf(res: { data: Uint8Array }): bigint {
  return tx.MsgOpenCaseResponse.decode(TxMsgData.decode(res.data).msgResponses[0].value).id;
}

/** Typed events of `type`, JSON-decoded, in a list of ABCI events. */
export function typedEvents(
  events: ReadonlyArray<{ type: string; attributes: ReadonlyArray<{ key: string; value: string }> }>,
  type: string,
): Array<Record<string, unknown>> {
  return events
    .filter((ev) => ev.type === `blockchain.enforcement.v1.${type}`)
    .map((ev) => Object.fromEntries(ev.attributes.filter((a) => a.key !== "mode").map((a) => [a.key, JSON.parse(a.value)])));
}

/** Produces one block and returns its FinalizeBlock events. */
export async function blockEvents(chain: TestChain) {
  const block = await chain.engine.produceBlock();
  return { height: block.height, events: [...block.response.events, ...block.response.txResults.flatMap((r) => r.events)] };
}

/** Produces blocks until `height` is committed; returns every event on the way. */
export async function produceUntil(chain: TestChain, height: bigint) {
  const events: Awaited<ReturnType<typeof blockEvents>>["events"] = [];
  while (chain.height < height) events.push(...(await blockEvents(chain)).events);
  return events;
}

/** Opens a case by the genesis validator; returns its id. */
export async function openCase(chain: TestChain, target: string, action = e.CaseAction.CASE_ACTION_FREEZE): Promise<bigint> {
  const res = await chain.mustDeliver(validator(), [msg.open(validator().address, target, action)]);
  return caseIdOf(res);
}

export const send = (from: string, to: string, amount = "1000") =>
  pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, { fromAddress: from, toAddress: to, amount: [{ denom: DENOM, amount }] });

/** Governance records each account's jurisdiction (account, country). */
export function setJurisdictions(entries: Array<[account: string, country: string]>) {
  return entries.map(([account, country]) =>
    pack("/blockchain.alias.v1.MsgSetJurisdiction", atx.MsgSetJurisdiction, { recorder: govAuthority(), account, country }),
  );
}
