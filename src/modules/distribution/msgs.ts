import * as tx from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { accAddress, valAddress } from "../../types/address";
import type { Codec } from "../../types/codec";
import { coinsFromProto, coinsToProto, type Coin, type ProtoCoin } from "../../types/coins";
import type { Context } from "../../types/context";
import { defineAuthorityMsg, defineMsg, defineUpdateParamsMsg } from "../../types/define";
import type { NamedCodec } from "../../types/descriptors";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { decCoinsFromCoins, isAnyNegative, subDecCoins, decCoinsToProto } from "./dec-coins";
import { distributionErrors } from "./errors";
import { distributionEvents } from "./events";
import type { DistributionKeeper } from "./keeper";
import { DISTRIBUTION_MODULE, validateDistributionParams } from "./params";

/** A non-empty valid coin list (the SDK's validateAmount): sorted, no duplicates, every amount positive. */
function positiveCoins(amount: readonly ProtoCoin[]): Coin[] {
  if (amount.length === 0) throw sdkErrors.ErrInvalidCoins.wrap("amount cannot be nil");
  return coinsFromProto(amount);
}

/**
 * A message signed by the account address in its `signer` field: that address is validated
 * first (as the SDK's ValidateBasic does), then `validate` checks the rest.
 */
function accountMsg<K extends string, M extends Record<K, string>, R>(def: {
  codec: Codec<M> & NamedCodec;
  responseCodec: Codec<R>;
  signer: K;
  aminoName: string;
  validate: (msg: M) => void;
  handle: (ctx: Context, msg: M) => R;
}): MsgDef<M, R> {
  return defineMsg({
    ...def,
    validate: (m) => {
      accAddress.validate(m[def.signer]);
      def.validate(m);
    },
  });
}

/** A depositor's coins (a non-empty valid list) moved into the distribution module account. */
function takeDeposit(k: DistributionKeeper, ctx: Context, depositor: string, amount: readonly ProtoCoin[]): Coin[] {
  const coins = positiveCoins(amount);
  k.bank.sendCoinsFromAccountToModule(ctx, depositor, DISTRIBUTION_MODULE, coins);
  return coins;
}

export function distributionMsgs(k: DistributionKeeper): MsgDef[] {
  return [
    accountMsg({
      codec: tx.MsgSetWithdrawAddress,
      responseCodec: tx.MsgSetWithdrawAddressResponse,
      signer: "delegatorAddress",
      aminoName: "cosmos-sdk/MsgModifyWithdrawAddress",
      validate: (m) => accAddress.validate(m.withdrawAddress),
      handle: (ctx, m) => {
        if (!k.params.get(ctx).withdrawAddrEnabled) throw distributionErrors.ErrSetWithdrawAddrDisabled.wrap("");
        // A frozen owner's payouts stay with it; it may not redirect them either.
        k.freeze.assertNotFrozen(ctx, m.delegatorAddress);
        if (k.bank.isBlocked(m.withdrawAddress))
          throw sdkErrors.ErrUnauthorized.wrap(`${m.withdrawAddress} is not allowed to receive external funds`);
        k.withdrawAddrs.set(ctx, accAddress.decode(m.delegatorAddress), m.withdrawAddress);
        distributionEvents.setWithdrawAddress(ctx, m.withdrawAddress);
        return {};
      },
    }),
    accountMsg({
      codec: tx.MsgWithdrawDelegatorReward,
      responseCodec: tx.MsgWithdrawDelegatorRewardResponse,
      signer: "delegatorAddress",
      aminoName: "cosmos-sdk/MsgWithdrawDelegationReward",
      validate: (m) => void valAddress.decode(m.validatorAddress),
      handle: (ctx, m) => {
        const validator = k.staking.getValidator(ctx, m.validatorAddress);
        if (!validator) throw distributionErrors.ErrNoValidatorDistInfo.wrap("");
        if (!k.staking.getDelegation(ctx, m.delegatorAddress, m.validatorAddress))
          throw distributionErrors.ErrEmptyDelegationDistInfo.wrap("");
        const paid = k.rewards.withdrawDelegationRewards(ctx, validator, m.delegatorAddress);
        // The delegation goes on: its accounting restarts from now.
        k.rewards.initializeDelegation(ctx, m.validatorAddress, m.delegatorAddress);
        return { amount: coinsToProto(paid) };
      },
    }),
    defineMsg({
      codec: tx.MsgWithdrawValidatorCommission,
      responseCodec: tx.MsgWithdrawValidatorCommissionResponse,
      signer: (m) => [accAddress.encode(valAddress.decode(m.validatorAddress))],
      aminoName: "cosmos-sdk/MsgWithdrawValCommission",
      validate: (m) => void valAddress.decode(m.validatorAddress),
      handle: (ctx, m) => ({ amount: coinsToProto(k.rewards.withdrawValidatorCommission(ctx, m.validatorAddress)) }),
    }),
    accountMsg({
      codec: tx.MsgFundCommunityPool,
      responseCodec: tx.MsgFundCommunityPoolResponse,
      signer: "depositor",
      aminoName: "cosmos-sdk/MsgFundCommunityPool",
      validate: (m) => void positiveCoins(m.amount),
      handle: (ctx, m) => {
        k.addToCommunityPool(ctx, decCoinsFromCoins(takeDeposit(k, ctx, m.depositor, m.amount)));
        return {};
      },
    }),
    defineUpdateParamsMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: "cosmos-sdk/distribution/MsgUpdateParams",
      validate: validateDistributionParams,
      store: k.params,
    }),
    defineAuthorityMsg({
      codec: tx.MsgCommunityPoolSpend,
      responseCodec: tx.MsgCommunityPoolSpendResponse,
      aminoName: "cosmos-sdk/distr/MsgCommunityPoolSpend",
      validate: (m) => {
        accAddress.validate(m.recipient);
        return positiveCoins(m.amount);
      },
      handle: (ctx, m, coins) => {
        if (k.bank.isBlocked(m.recipient)) throw sdkErrors.ErrUnauthorized.wrap(`recipient is blocked address: ${m.recipient}`);
        const left = subDecCoins(k.communityPool(ctx), decCoinsFromCoins(coins));
        if (isAnyNegative(left)) throw distributionErrors.ErrBadDistribution.wrap("");
        k.feePool.set(ctx, { communityPool: decCoinsToProto(left) });
        k.bank.sendCoinsFromModuleToAccount(ctx, DISTRIBUTION_MODULE, m.recipient, coins);
        return {};
      },
    }),
    accountMsg({
      codec: tx.MsgDepositValidatorRewardsPool,
      responseCodec: tx.MsgDepositValidatorRewardsPoolResponse,
      signer: "depositor",
      aminoName: "cosmos-sdk/distr/MsgDepositValRewards",
      validate: (m) => {
        valAddress.decode(m.validatorAddress);
        positiveCoins(m.amount);
      },
      handle: (ctx, m) => {
        const coins = takeDeposit(k, ctx, m.depositor, m.amount);
        const validator = k.staking.getValidator(ctx, m.validatorAddress);
        if (!validator) throw distributionErrors.ErrNoValidatorExists.wrap(m.validatorAddress);
        k.rewards.allocateTokensToValidator(ctx, validator, decCoinsFromCoins(coins));
        return {};
      },
    }),
  ];
}
