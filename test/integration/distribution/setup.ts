import * as tx from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import * as q from "cosmjs-types/cosmos/distribution/v1beta1/query";
import { MsgUndelegate, MsgBeginRedelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import type { Secp256k1Key } from "../../../src/client/signer";
import type { BankKeeper } from "../../../src/modules/bank";
import type { DistributionKeeper } from "../../../src/modules/distribution";
import { consensusAddressOf } from "../../../src/modules/staking";
import type { AnyMsg } from "../../../src/types/codec";
import { Context, type CommitVote } from "../../../src/types/context";
import { silentLogger } from "../../../src/types/logger";
import type { Module } from "../../../src/types/module";
import { DENOM, pack, testKey, type TestChain } from "../../helpers/chain";
import { moduleErrorExpecter } from "../../helpers/module-setup";
import { consPubKey, operatorOf } from "../staking/setup";

export { createValidatorMsg, delegateMsg, operatorOf } from "../staking/setup";

export const T = "/cosmos.distribution.v1beta1.";
export const Q = "/cosmos.distribution.v1beta1.Query/";
export const expectDistributionError = moduleErrorExpecter("distribution");
/** The dev validator every TestChain bonds at genesis (power 10, commission 0); it alone signs dev-engine blocks. */
export const devValidator = () => operatorOf(testKey("validator"));

export function bankKeeper(chain: TestChain): BankKeeper {
  return (chain.app.modules.modules.find((x) => x.name === "bank") as Module & { keeper: BankKeeper }).keeper;
}

export function distributionKeeper(chain: TestChain): DistributionKeeper {
  const m = chain.app.modules.modules.find((x) => x.name === "distribution") as (Module & { keeper: DistributionKeeper }) | undefined;
  if (!m) throw new Error("distribution not registered");
  return m.keeper;
}

/** The consensus address createValidatorMsg gives `key`'s validator. */
export const consAddrOf = (key: Secp256k1Key) => consensusAddressOf(consPubKey(key.address));

/**
 * A begin-block context over the chain's committed state (a scratch branch, never committed)
 * whose decided last commit is `votes`: allocation worked examples choose who signed.
 */
export function blockContext(chain: TestChain, votes: CommitVote[]): Context {
  const base = chain.app.queryContext();
  return Context.create(base.rawStore, { ...base.block, height: chain.height + 1n, lastCommitVotes: votes }, "block", silentLogger);
}

export const coins = (amount: bigint | string, denom = DENOM) => [{ denom, amount: amount.toString() }];

export const msg = {
  withdrawReward: (delegator: string, validator: string): AnyMsg =>
    pack(T + "MsgWithdrawDelegatorReward", tx.MsgWithdrawDelegatorReward, { delegatorAddress: delegator, validatorAddress: validator }),
  withdrawCommission: (validator: string): AnyMsg =>
    pack(T + "MsgWithdrawValidatorCommission", tx.MsgWithdrawValidatorCommission, { validatorAddress: validator }),
  setWithdrawAddress: (delegator: string, withdraw: string): AnyMsg =>
    pack(T + "MsgSetWithdrawAddress", tx.MsgSetWithdrawAddress, { delegatorAddress: delegator, withdrawAddress: withdraw }),
  fundPool: (depositor: string, amount: Array<{ denom: string; amount: string }>): AnyMsg =>
    pack(T + "MsgFundCommunityPool", tx.MsgFundCommunityPool, { depositor, amount }),
  spend: (authority: string, recipient: string, amount: Array<{ denom: string; amount: string }>): AnyMsg =>
    pack(T + "MsgCommunityPoolSpend", tx.MsgCommunityPoolSpend, { authority, recipient, amount }),
  depositValRewards: (depositor: string, validator: string, amount: Array<{ denom: string; amount: string }>): AnyMsg =>
    pack(T + "MsgDepositValidatorRewardsPool", tx.MsgDepositValidatorRewardsPool, { depositor, validatorAddress: validator, amount }),
  updateParams: (authority: string, params: tx.MsgUpdateParams["params"]): AnyMsg =>
    pack(T + "MsgUpdateParams", tx.MsgUpdateParams, { authority, params }),
  undelegate: (delegator: string, validator: string, amount: string): AnyMsg =>
    pack("/cosmos.staking.v1beta1.MsgUndelegate", MsgUndelegate, {
      delegatorAddress: delegator,
      validatorAddress: validator,
      amount: { denom: DENOM, amount },
    }),
  redelegate: (delegator: string, src: string, dst: string, amount: string): AnyMsg =>
    pack("/cosmos.staking.v1beta1.MsgBeginRedelegate", MsgBeginRedelegate, {
      delegatorAddress: delegator,
      validatorSrcAddress: src,
      validatorDstAddress: dst,
      amount: { denom: DENOM, amount },
    }),
};

export const query = {
  rewards: (chain: TestChain, delegator: string, validator: string) =>
    chain.query(
      Q + "DelegationRewards",
      q.QueryDelegationRewardsRequest,
      { delegatorAddress: delegator, validatorAddress: validator },
      q.QueryDelegationRewardsResponse,
    ).rewards,
  outstanding: (chain: TestChain, validator: string) =>
    chain.query(
      Q + "ValidatorOutstandingRewards",
      q.QueryValidatorOutstandingRewardsRequest,
      { validatorAddress: validator },
      q.QueryValidatorOutstandingRewardsResponse,
    ).rewards!.rewards,
  commission: (chain: TestChain, validator: string) =>
    chain.query(
      Q + "ValidatorCommission",
      q.QueryValidatorCommissionRequest,
      { validatorAddress: validator },
      q.QueryValidatorCommissionResponse,
    ).commission!.commission,
  pool: (chain: TestChain) => chain.query(Q + "CommunityPool", q.QueryCommunityPoolRequest, {}, q.QueryCommunityPoolResponse).pool,
};
