import * as gtx from "cosmjs-types/cosmos/group/v1/tx";
import { ProposalExecutorResult, proposalExecutorResultToJSON } from "cosmjs-types/cosmos/group/v1/types";
import type { Secp256k1Key } from "../../src/client/signer";
import type { AnyMsg } from "../../src/types/codec";
import { foundationCustodians, type DeliverResult, type TestChain } from "./chain";
import { deliverSignedBy, submit, vote } from "../integration/group/setup";

/** Genesis names of the test foundation's custodians, to fund them (fees) through `TestChain.create({ funded })`. */
export const FOUNDATION_CUSTODIAN_NAMES = [0, 1, 2, 3, 4].map((i) => `foundation/custodian-${i}`);

/** The recovery destination the chain's genesis names: the foundation's x/group policy account. */
export function foundationAddress(chain: TestChain): string {
  const s = chain.genesis.app_state as { constitution: { invariants: { enforcement_recovery_destination: string } } };
  return s.constitution.invariants.enforcement_recovery_destination;
}

function attr(res: DeliverResult, type: string, key: string): string {
  const value = res.events.find((e) => e.type === type)?.attributes.find((a) => a.key === key)?.value;
  if (value === undefined) throw new Error(`no ${type}.${key} in the result: ${res.log}`);
  return JSON.parse(value) as string;
}

/**
 * A proposal of the foundation carrying `msgs` (signed by the foundation policy), one vote short
 * of its threshold: the first custodian submits, the first two vote yes. Returns its id.
 */
export async function foundationProposal(chain: TestChain, msgs: AnyMsg[]): Promise<bigint> {
  const [c0, c1] = foundationCustodians() as [Secp256k1Key, Secp256k1Key];
  const sub = await deliverSignedBy(chain, [c0], [submit(foundationAddress(chain), [c0.address], msgs)]);
  if (sub.code !== 0) throw new Error(`the foundation's proposal was refused: ${sub.log}`);
  const id = BigInt(attr(sub, "cosmos.group.v1.EventSubmitProposal", "proposal_id"));
  for (const c of [c0, c1]) await chain.mustDeliver(c, [vote(id, c.address)]);
  return id;
}

/** The third custodian's yes with EXEC_TRY: the proposal reaches three of five and runs. */
export async function foundationThirdVote(chain: TestChain, id: bigint): Promise<DeliverResult> {
  const c2 = foundationCustodians()[2]!;
  return chain.mustDeliver(c2, [vote(id, c2.address, undefined, gtx.Exec.EXEC_TRY)]);
}

/**
 * The foundation acts: three of its five custodians pass a group proposal carrying `msgs`.
 * Throws unless the proposal executed successfully (a failed EXEC_TRY does not fail its tx).
 * Each custodian pays fees: fund them at genesis (`FOUNDATION_CUSTODIAN_NAMES`).
 */
export async function foundationExec(chain: TestChain, msgs: AnyMsg[]): Promise<DeliverResult> {
  const id = await foundationProposal(chain, msgs);
  const done = await foundationThirdVote(chain, id);
  const result = attr(done, "cosmos.group.v1.EventExec", "result");
  const logs = attr(done, "cosmos.group.v1.EventExec", "logs");
  if (result !== proposalExecutorResultToJSON(ProposalExecutorResult.PROPOSAL_EXECUTOR_RESULT_SUCCESS)) {
    throw new Error(`the foundation's proposal ${id} did not execute (${result}): ${logs}`);
  }
  return done;
}
