import * as c from "../../../src/gen/blockchain/constitution/v1/constitution";
import * as q from "../../../src/gen/blockchain/constitution/v1/query";
import * as tx from "../../../src/gen/blockchain/constitution/v1/tx";
import { govAuthority } from "../../../src/types/authority";
import { DENOM, pack, testKey, type TestChain } from "../../helpers/chain";
import { moduleChain, moduleErrorExpecter, moduleKeys } from "../../helpers/module-setup";

export { eventOf, eventsOf, queryCode } from "../../helpers/module-setup";

export const T = "/blockchain.constitution.v1.";
export const Q = "/blockchain.constitution.v1.Query/";

export const keys = moduleKeys("constitution", ["alice", "bob", "c1", "c2", "c3", "c4", "c5", "c6", "val2", "mallory"]);
/** The operator account of the test chain's genesis validator. */
export const validator = () => testKey("validator");

/** Small values so the delay runs out within a test. */
export function testInvariants(over: Partial<c.Invariants> = {}): c.Invariants {
  return c.Invariants.fromPartial({
    maxEntityPowerBps: 3300n,
    maxBeneficialOwnerPowerBps: 3300n,
    maxJurisdictionPowerBps: 5000n,
    concentrationEpochBlocks: 10n,
    minActiveValidators: 4,
    enforcementThresholdBps: 6667n,
    enforcementRecoveryDestination: keys.bob.address,
    enforcementVotingPeriodBlocks: 20n,
    enforcementProvisionalFreezeBlocks: 5n,
    amendmentDelayBlocks: 5n,
    amendmentThresholdBps: 6667n,
    foundationCustodianCount: 3,
    foundationSignatureThreshold: 2,
    ...over,
  });
}

/** The proto-JSON (genesis / REST) form of a set of invariants. */
export function invariantsJson(inv: c.Invariants): Record<string, unknown> {
  return c.Invariants.toJSON(inv) as Record<string, unknown>;
}

export function constitutionChain(mutateGenesis?: (appState: Record<string, any>) => void): Promise<TestChain> {
  return moduleChain("constitution", Object.keys(keys), [{ denom: DENOM, amount: "100000000000" }], mutateGenesis);
}

/** A chain whose constitution section holds `inv` (and the given extra genesis edits). */
export function chainWith(inv: c.Invariants, more?: (appState: Record<string, any>) => void): Promise<TestChain> {
  return constitutionChain((s) => {
    s.constitution = { invariants: snake(invariantsJson(inv)), amendments: [], ratifications: [], amendment_count: "0" };
    more?.(s);
  });
}

/** camelCase proto-JSON keys → the snake_case names genesis JSON uses. */
export function snake(o: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k.replace(/[A-Z]/g, (ch) => "_" + ch.toLowerCase()), v]));
}

export const expectConstitutionError = moduleErrorExpecter("constitution");

export const msg = {
  propose: (invariants: c.Invariants, reason = "tighten the ceilings", authority = govAuthority()) =>
    pack(T + "MsgProposeAmendment", tx.MsgProposeAmendment, { authority, invariants, reason }),
  ratify: (validatorAccount: string, amendmentId: bigint) => pack(T + "MsgRatifyAmendment", tx.MsgRatifyAmendment, { validator: validatorAccount, amendmentId }),
  withdraw: (amendmentId: bigint, authority = govAuthority()) => pack(T + "MsgWithdrawAmendment", tx.MsgWithdrawAmendment, { authority, amendmentId }),
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
