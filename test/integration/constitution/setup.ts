import * as c from "../../../src/gen/blockchain/constitution/v1/constitution";
import * as q from "../../../src/gen/blockchain/constitution/v1/query";
import * as tx from "../../../src/gen/blockchain/constitution/v1/tx";
import { GenesisState } from "../../../src/gen/blockchain/constitution/v1/genesis";
import { binaryToJson } from "../../../src/codec/proto-json";
import { groupPolicyAddress } from "../../../src/modules/group";
import { MIN_AMENDMENT_DELAY_BLOCKS } from "../../../src/modules/constitution";
import { VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { govAuthority } from "../../../src/types/authority";
import type { AnyMsg } from "../../../src/types/codec";
import { members as groupMembers, setupPolicy, thresholdPolicy } from "../group/setup";
import { getProposal, govParams, proposalIdOf, submitMsg, voteMsg } from "../../helpers/gov";
import { DENOM, pack, testKey, type TestChain } from "../../helpers/chain";
import { admitInGenesisJson } from "../../../src/modules/validatorgov";
import { moduleChain, moduleErrorExpecter, moduleKeys } from "../../helpers/module-setup";

export { eventOf, eventsOf, queryCode } from "../../helpers/module-setup";

export const T = "/blockchain.constitution.v1.";
export const Q = "/blockchain.constitution.v1.Query/";

export const keys = moduleKeys("constitution", ["alice", "bob", "c1", "c2", "c3", "c4", "c5", "c6", "val2", "mallory"]);
/** The operator account of the test chain's genesis validator. */
export const validator = () => testKey("validator");

/** The test chain's foundation: the first group policy of its genesis (five custodians, three sign). */
export const FOUNDATION = groupPolicyAddress(1n);
/** The constitution's floor on amendment_delay_blocks. */
export const FLOOR = MIN_AMENDMENT_DELAY_BLOCKS;

/** A valid set fitting the test chain's foundation; delays reach the end through genesis amendments (see pendingAt). */
export function testInvariants(over: Partial<c.Invariants> = {}): c.Invariants {
  return c.Invariants.fromPartial({
    maxEntityPowerBps: 3300n,
    maxBeneficialOwnerPowerBps: 3300n,
    maxJurisdictionPowerBps: 5000n,
    concentrationEpochBlocks: 10n,
    minActiveValidators: 4,
    enforcementThresholdBps: 6667n,
    enforcementRecoveryDestination: FOUNDATION,
    enforcementVotingPeriodBlocks: 20n,
    enforcementProvisionalFreezeBlocks: 5n,
    amendmentDelayBlocks: FLOOR,
    amendmentThresholdBps: 6667n,
    foundationCustodianCount: 5,
    foundationSignatureThreshold: 3,
    ...over,
  });
}

/** The proto-JSON (genesis / REST) form of a set of invariants. */
export function invariantsJson(inv: c.Invariants): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(inv).map(([k, v]) => [k.replace(/[A-Z]/g, (ch) => "_" + ch.toLowerCase()), typeof v === "bigint" ? v.toString() : v]),
  );
}

export function constitutionChain(mutateGenesis?: (appState: Record<string, any>) => void): Promise<TestChain> {
  // Only admitted operators may create validators (validatorgov): the suite's keys are admitted in genesis.
  return moduleChain("constitution", Object.keys(keys), [{ denom: DENOM, amount: "100000000000" }], (s) => {
    for (const k of Object.values(keys)) admitInGenesisJson(s, k.address);
    mutateGenesis?.(s);
  });
}

/** The proto-JSON (genesis) form of a constitution section. */
export function genesisJson(g: Partial<GenesisState>): Record<string, unknown> {
  return binaryToJson("blockchain.constitution.v1.GenesisState", GenesisState.encode(GenesisState.fromPartial(g)).finish()) as Record<
    string,
    unknown
  >;
}

/**
 * A pending amendment as an imported chain would carry it: opened long ago (the delay is at
 * least 120,960 blocks), due at `effectiveAtHeight`, so a test reaches its end.
 */
export function pendingAt(
  id: bigint,
  proposed: c.Invariants,
  effectiveAtHeight: bigint,
  snapshotPower = GENESIS_POWER,
  reason = `amendment ${id}`,
): c.Amendment {
  return c.Amendment.fromPartial({
    id,
    proposed,
    reason,
    proposedAtHeight: 0n,
    effectiveAtHeight,
    snapshotPower,
    ratifiedPower: 0n,
    status: c.AmendmentStatus.AMENDMENT_STATUS_PENDING,
    resolvedAtHeight: 0n,
  });
}

/** A chain whose constitution section holds `inv` and any pending `amendments` (and the given extra genesis edits). */
export function chainWith(
  inv: c.Invariants,
  more?: (appState: Record<string, any>) => void,
  amendments: c.Amendment[] = [],
): Promise<TestChain> {
  return constitutionChain((s) => {
    s.constitution = genesisJson({ invariants: inv, amendments, ratifications: [], amendmentCount: BigInt(amendments.length) });
    more?.(s);
  });
}

export const expectConstitutionError = moduleErrorExpecter("constitution");

export const msg = {
  propose: (invariants: c.Invariants, reason = "tighten the ceilings", authority = govAuthority()) =>
    pack(T + "MsgProposeAmendment", tx.MsgProposeAmendment, { authority, invariants, reason }),
  ratify: (validatorAccount: string, amendmentId: bigint) =>
    pack(T + "MsgRatifyAmendment", tx.MsgRatifyAmendment, { validator: validatorAccount, amendmentId }),
  withdraw: (amendmentId: bigint, authority = govAuthority()) =>
    pack(T + "MsgWithdrawAmendment", tx.MsgWithdrawAmendment, { authority, amendmentId }),
};

export function getInvariants(chain: TestChain): c.Invariants {
  return chain.query(Q + "Invariants", q.QueryInvariantsRequest, {}, q.QueryInvariantsResponse).invariants!;
}

export function getAmendment(chain: TestChain, id: bigint): c.Amendment {
  return chain.query(Q + "Amendment", q.QueryAmendmentRequest, { id }, q.QueryAmendmentResponse).amendment!;
}

export function listAmendments(chain: TestChain) {
  return chain.query(Q + "ListAmendment", q.QueryAllAmendmentRequest, { pagination: undefined }, q.QueryAllAmendmentResponse);
}

export function ratifications(chain: TestChain, amendmentId: bigint) {
  return chain.query(Q + "Ratifications", q.QueryRatificationsRequest, { amendmentId }, q.QueryRatificationsResponse);
}

/** The genesis validator's consensus power on the test chain (10 YML self-bond). */
export const GENESIS_POWER = 10n;

/** Attributes of every typed event of `type` in a list of ABCI events, JSON-decoded. */
export function typedEvents(
  events: ReadonlyArray<{ type: string; attributes: ReadonlyArray<{ key: string; value: string }> }>,
  type: string,
): Array<Record<string, unknown>> {
  return events
    .filter((e) => e.type === `blockchain.constitution.v1.${type}`)
    .map((e) => Object.fromEntries(e.attributes.filter((a) => a.key !== "mode").map((a) => [a.key, JSON.parse(a.value)])));
}

/** Produces one block and returns its FinalizeBlock events (begin/end block and txs). */
export async function blockEvents(chain: TestChain) {
  const block = await chain.engine.produceBlock();
  return { height: block.height, events: [...block.response.events, ...block.response.txResults.flatMap((r) => r.events)] };
}

/** Produces blocks until `height` is the last committed one; returns the events of that last block. */
export async function produceUntil(chain: TestChain, height: bigint) {
  let last = { height: chain.height, events: [] as Awaited<ReturnType<typeof blockEvents>>["events"] };
  while (chain.height < height) last = await blockEvents(chain);
  return last;
}

/**
 * Passes `msgs` as a real governance proposal (submit, deposit, the validator votes YES, the
 * voting period ends) and returns the events of the block whose end block executed them.
 */
export async function throughGov(chain: TestChain, msgs: AnyMsg[], voters = [validator()]) {
  const alice = keys.alice;
  const params = govParams(chain);
  const res = await chain.mustDeliver(alice, [submitMsg(alice.address, msgs, params.minDeposit)]);
  const id = proposalIdOf(res);
  for (const v of voters) await chain.mustDeliver(v, [voteMsg(v.address, id, VoteOption.VOTE_OPTION_YES)]);
  const end = getProposal(chain, id)!.votingEndTime!;
  chain.setNextBlockTime({ seconds: end.seconds + 1n, nanos: 0 });
  const block = await blockEvents(chain);
  return { ...block, proposal: getProposal(chain, id)! };
}

/**
 * A group genesis section holding one group of `members` (weight "1" each unless given) with one
 * threshold policy, made by a throwaway chain through group txs; returns it with the policy address.
 */
export async function groupGenesis(groups: Array<{ members: Array<[string, string]>; threshold: string }>) {
  const chain = await constitutionChain();
  try {
    const policies: string[] = [];
    for (const g of groups) {
      const out = await setupPolicy(chain, keys.alice, groupMembers(...g.members), thresholdPolicy(g.threshold));
      policies.push(out.groupPolicyAddress);
    }
    return { group: chain.app.exportAppState().group as Record<string, unknown>, policies };
  } finally {
    await chain.close();
  }
}
