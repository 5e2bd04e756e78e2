import type { Event } from "cosmjs-types/tendermint/abci/types";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { QueryValidatorRequest, QueryValidatorResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import * as q from "../../../src/gen/blockchain/validatorgov/v1/query";
import * as tx from "../../../src/gen/blockchain/validatorgov/v1/tx";
import type { Params } from "../../../src/gen/blockchain/validatorgov/v1/params";
import { accAddress, moduleAddress, valAddress } from "../../../src/types/address";
import { govAuthority } from "../../../src/types/authority";
import type { Secp256k1Key } from "../../../src/client/signer";
import { DENOM, TestChain, pack } from "../../helpers/chain";
import { moduleErrorExpecter, moduleKeys } from "../../helpers/module-setup";
import { createValidatorMsg } from "../staking/setup";

export { eventOf, eventsOf, queryCode } from "../../helpers/module-setup";
export { createValidatorMsg };

export const T = "/blockchain.validatorgov.v1.";
const E = "blockchain.validatorgov.v1.";
export const Q = "/blockchain.validatorgov.v1.Query/";
export const RESERVE = moduleAddress("validatorgov");
export const ONE_YML = 1_000_000n;

export const NAMES = ["alpha", "beta", "gamma", "delta", "epsilon", "newop", "newop2", "mallory", "funder"] as const;
export const keys = moduleKeys("validatorgov", NAMES);

export const valoper = (k: Secp256k1Key | string) => valAddress.encode(accAddress.decode(typeof k === "string" ? k : k.address));

export function vgovChain(opts: { mutateGenesis?: (appState: Record<string, any>) => void; admit?: string[] } = {}): Promise<TestChain> {
  const funded = Object.fromEntries(NAMES.map((n) => [`validatorgov/${n}`, [{ denom: DENOM, amount: (1_000_000n * ONE_YML).toString() }]]));
  return TestChain.create({ funded, mutateGenesis: opts.mutateGenesis, admitValidators: opts.admit?.map((n) => `validatorgov/${n}`) });
}

/** Attributes of every typed validatorgov event of `type`, JSON-decoded (the framework's plain "mode" attribute left out). */
export function typed(events: readonly Event[], type: string): Array<Record<string, unknown>> {
  return events
    .filter((e) => e.type === E + type)
    .map((e) => Object.fromEntries(e.attributes.filter((a) => a.key !== "mode").map((a) => [a.key, JSON.parse(a.value)])));
}

export const expectVgovError = moduleErrorExpecter("validatorgov");

export interface Decl {
  legalEntityId: string;
  beneficialOwnerId: string;
  jurisdiction: string;
}

export const declOf = (entity: string, owner: string, jurisdiction: string): Decl => ({
  legalEntityId: entity,
  beneficialOwnerId: owner,
  jurisdiction,
});

export const msg = {
  apply: (creator: string, d: Decl, over: Partial<tx.MsgApplyValidator> = {}) =>
    pack(T + "MsgApplyValidator", tx.MsgApplyValidator, { creator, moniker: "node", description: "a validator", ...d, ...over }),
  approve: (candidate: string, approve = true, authority = govAuthority()) =>
    pack(T + "MsgApproveValidator", tx.MsgApproveValidator, { authority, candidate, approve }),
  attest: (creator: string, d: Decl) => pack(T + "MsgAttestOwnership", tx.MsgAttestOwnership, { creator, ...d }),
  seats: (validator: string, seats: bigint, authority = govAuthority()) =>
    pack(T + "MsgSetValidatorPower", tx.MsgSetValidatorPower, { authority, validator, seats }),
  rotate: (creator: string, newOperator: string) => pack(T + "MsgRotateOperator", tx.MsgRotateOperator, { creator, newOperator }),
  recover: (creator: string, currentOperator: string, newOperator: string, reason = "operator key lost") =>
    pack(T + "MsgProposeOperatorRecovery", tx.MsgProposeOperatorRecovery, { creator, currentOperator, newOperator, reason }),
  approveRecovery: (rotationId: bigint, approve = true, authority = govAuthority()) =>
    pack(T + "MsgApproveOperatorRecovery", tx.MsgApproveOperatorRecovery, { authority, rotationId, approve }),
  cancel: (creator: string, rotationId: bigint) =>
    pack(T + "MsgCancelOperatorRotation", tx.MsgCancelOperatorRotation, { creator, rotationId }),
  updateParams: (params: Params, authority = govAuthority()) => pack(T + "MsgUpdateParams", tx.MsgUpdateParams, { authority, params }),
  send: (from: string, to: string, amount: bigint) =>
    pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
      fromAddress: from,
      toAddress: to,
      amount: [{ denom: DENOM, amount: amount.toString() }],
    }),
};

/** The concentration epoch length of the demotion suites. */
export const EPOCH = 5n;

/**
 * Genesis of the demotion suites: an epoch every EPOCH blocks, the jurisdiction ceiling at
 * 6000 bps, the entity and beneficial-owner ceilings at `entityBps`, `minActive` validators kept.
 */
export function concentrationGenesis(s: Record<string, any>, entityBps = "9000", minActive = 2): void {
  Object.assign(s.constitution.invariants, {
    max_entity_power_bps: entityBps,
    max_beneficial_owner_power_bps: entityBps,
    max_jurisdiction_power_bps: "6000",
    concentration_epoch_blocks: EPOCH.toString(),
    min_active_validators: minActive,
  });
}

/** Produces blocks up to and including the next epoch boundary; returns that block's events. */
export async function nextEpoch(chain: TestChain): Promise<Event[]> {
  for (;;) {
    const block = await chain.engine.produceBlock();
    if (block.height % EPOCH === 0n) return block.response.events;
  }
}

/** dev (genesis, 10 power, its own entity, CH) + alpha, beta (DE) and gamma (FR), 10 power each; the seat reserve funded. */
export async function fourValidators(chain: TestChain): Promise<void> {
  const { alpha, beta, gamma, funder } = keys;
  await admit(chain, alpha, declOf("LEI-ALPHA", "UBO-ALPHA", "DE"), 10n * ONE_YML);
  await admit(chain, beta, declOf("LEI-BETA", "UBO-BETA", "DE"), 10n * ONE_YML);
  await admit(chain, gamma, declOf("LEI-GAMMA", "UBO-GAMMA", "FR"), 10n * ONE_YML);
  await chain.mustDeliver(funder, [msg.send(funder.address, RESERVE, 100n * ONE_YML)]);
}

/** Apply with `d`, governance approves, the operator creates its validator with `selfBond`. */
export async function admit(chain: TestChain, key: Secp256k1Key, d: Decl, selfBond = ONE_YML): Promise<void> {
  await chain.mustDeliver(key, [msg.apply(key.address, d)]);
  const res = await chain.govExec([msg.approve(key.address)]);
  if (res.code !== 0) throw new Error(res.log);
  await chain.mustDeliver(key, [createValidatorMsg(key, { amount: selfBond.toString() })]);
}

export function stakingValidator(chain: TestChain, key: Secp256k1Key | string) {
  return chain.query(
    "/cosmos.staking.v1beta1.Query/Validator",
    QueryValidatorRequest,
    { validatorAddr: valoper(key) },
    QueryValidatorResponse,
  ).validator!;
}

export const query = {
  params: (chain: TestChain) => chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params!,
  application: (chain: TestChain, candidate: string) =>
    chain.query(Q + "GetValidatorApplication", q.QueryGetValidatorApplicationRequest, { candidate }, q.QueryGetValidatorApplicationResponse)
      .validatorApplication!,
  approved: (chain: TestChain, candidate: string) =>
    chain.query(Q + "GetApprovedValidator", q.QueryGetApprovedValidatorRequest, { candidate }, q.QueryGetApprovedValidatorResponse)
      .approvedValidator!,
  rotation: (chain: TestChain, id: bigint) =>
    chain.query(Q + "GetOperatorRotation", q.QueryGetOperatorRotationRequest, { id }, q.QueryGetOperatorRotationResponse).operatorRotation!,
  pending: (chain: TestChain, currentOperator: string) =>
    chain.query(
      Q + "PendingOperatorRotation",
      q.QueryPendingOperatorRotationRequest,
      { currentOperator },
      q.QueryPendingOperatorRotationResponse,
    ),
  concentration: (chain: TestChain) => chain.query(Q + "Concentration", q.QueryConcentrationRequest, {}, q.QueryConcentrationResponse),
  demotions: (chain: TestChain) =>
    chain.query(Q + "ListDemotion", q.QueryAllDemotionRequest, { pagination: undefined }, q.QueryAllDemotionResponse).demotion,
  reconciliation: (chain: TestChain) =>
    chain.query(Q + "JurisdictionReconciliation", q.QueryJurisdictionReconciliationRequest, {}, q.QueryJurisdictionReconciliationResponse),
};
