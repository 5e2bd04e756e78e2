import { createHash } from "node:crypto";
import * as q from "../../../src/gen/blockchain/netting/v1/query";
import * as tx from "../../../src/gen/blockchain/netting/v1/tx";
import type { Params } from "../../../src/gen/blockchain/netting/v1/params";
import { govAuthority } from "../../../src/types/authority";
import { DENOM, pack, type TestChain } from "../../helpers/chain";
import { moduleChain, moduleErrorExpecter, moduleKeys } from "../../helpers/module-setup";

export { eventOf, eventsOf, queryCode } from "../../helpers/module-setup";

export const T = "/blockchain.netting.v1.";
export const Q = "/blockchain.netting.v1.Query/";
export const EUR = "ueur";
export const USD = "uusd";
export const CYCLE = 40n;
export const THRESHOLD = "1000000";

export const keys = moduleKeys("netting", ["bankA", "bankB", "bankC", "outsider"]);
export const PARTICIPANTS = [keys.bankA, keys.bankB, keys.bankC];

export const expectNettingError = moduleErrorExpecter("netting");

export function batchHash(label: string): Uint8Array {
  return createHash("sha256").update(label).digest();
}

/** Genesis edits: netting on (cycle CYCLE blocks), policies for ueur and uusd; bankA..C approved in paymsg. */
export function nettingGenesisEdit(
  over: { netting?: Record<string, any>; paymsgParticipants?: string[] } = {},
): (appState: Record<string, any>) => void {
  const participants = over.paymsgParticipants ?? PARTICIPANTS.map((k) => k.address);
  return (appState) => {
    appState.paymsg.approved_participant_map = participants.map((p, i) => ({
      participant: p,
      code: `BANK${i}`,
      name: `Bank ${i}`,
      payload_store_url: "",
    }));
    appState.netting = {
      ...appState.netting,
      params: {
        cycle_blocks: String(CYCLE),
        max_hold_cycles: "0",
        denom_policies: [EUR, USD].map((denom) => ({ denom, gross_threshold: THRESHOLD, aggregate_gross_threshold: "0" })),
      },
      ...over.netting,
    };
  };
}

export const FUNDS = [
  { denom: EUR, amount: "100000000000" },
  { denom: USD, amount: "100000000000" },
  { denom: DENOM, amount: "1000000000" },
];

export function nettingChain(over: { netting?: Record<string, any>; paymsgParticipants?: string[] } = {}): Promise<TestChain> {
  return moduleChain("netting", Object.keys(keys), FUNDS, nettingGenesisEdit(over));
}

export const msg = {
  post: (participant: string, amount: Array<{ denom: string; amount: string }>) =>
    pack(T + "MsgPostReserve", tx.MsgPostReserve, { participant, amount }),
  withdraw: (participant: string, amount: Array<{ denom: string; amount: string }>) =>
    pack(T + "MsgWithdrawReserve", tx.MsgWithdrawReserve, { participant, amount }),
  submit: (from: string, to: string, amount: string, denom = EUR, hash = batchHash(`${from}${to}${amount}`)) =>
    pack(T + "MsgSubmitObligation", tx.MsgSubmitObligation, { fromParticipant: from, toParticipant: to, denom, amount, batchHash: hash }),
  updateParams: (params: Params, authority = govAuthority()) => pack(T + "MsgUpdateParams", tx.MsgUpdateParams, { authority, params }),
  abandon: (cycleId: bigint, denom: string, reason = "participant failed", authority = govAuthority()) =>
    pack(T + "MsgAbandonHeldSlice", tx.MsgAbandonHeldSlice, { authority, cycleId, denom, reason }),
};

export function currentCycle(chain: TestChain) {
  return chain.query(Q + "CurrentCycle", q.QueryCurrentCycleRequest, {}, q.QueryCurrentCycleResponse);
}
export function cycle(chain: TestChain, id: bigint) {
  return chain.query(Q + "Cycle", q.QueryCycleRequest, { id }, q.QueryCycleResponse);
}
export function position(chain: TestChain, participant: string) {
  return chain.query(Q + "Position", q.QueryPositionRequest, { participant }, q.QueryPositionResponse).entries;
}
export function held(chain: TestChain) {
  return chain.query(Q + "HeldSlices", q.QueryHeldSlicesRequest, {}, q.QueryHeldSlicesResponse).held;
}
export function obligations(chain: TestChain, participant: string, cycleId: bigint) {
  return chain.query(
    Q + "ParticipantObligations",
    q.QueryParticipantObligationsRequest,
    { participant, cycleId, pagination: undefined },
    q.QueryParticipantObligationsResponse,
  ).obligations;
}

/** Produces empty blocks until the next block is a cycle boundary (its end blocker closes the cycle). */
export async function untilBeforeBoundary(chain: TestChain, cb = CYCLE): Promise<void> {
  while ((chain.height + 1n) % cb !== 0n) await chain.produceBlocks(1);
}
/** Produces blocks through the next boundary; returns the boundary block's events of `type` (end-block events included). */
export async function throughBoundary(
  chain: TestChain,
  cb = CYCLE,
  type = "blockchain.netting.v1.EventCycleSettled",
): Promise<Array<Record<string, string>>> {
  await untilBeforeBoundary(chain, cb);
  const block = await chain.engine.produceBlock();
  return block.response.events.filter((e) => e.type === type).map((e) => Object.fromEntries(e.attributes.map((a) => [a.key, a.value])));
}
