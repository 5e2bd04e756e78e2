import * as tx from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { BondStatus, Validator, type CommissionRates, type Description } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { accAddress, valAddress } from "../../types/address";
import { coinFromProto, parseAmount, type Coin } from "../../types/coins";
import type { Context } from "../../types/context";
import { DEC_ONE, decFromWire, decToString, decToWire, type Dec } from "../../types/dec";
import { defineAuthorityMsg, defineMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { stakingErrors } from "./errors";
import { formatTimeSeconds } from "../../types/time";
import { stakingEvents } from "./events";
import type { StakingKeeper } from "./keeper";
import { validateStakingParams } from "./params";
import { consensusAddressOf, consensusKeyBytes } from "./validator";

const DO_NOT_MODIFY = "[do-not-modify]";
const DESCRIPTION_LIMITS: Array<[keyof Description, number]> = [
  ["moniker", 70],
  ["identity", 3000],
  ["website", 140],
  ["securityContact", 140],
  ["details", 280],
];
const NANOS = 1_000_000_000n;
const DAY_NANOS = 86_400n * NANOS;

/** The operator's account: the same 20 bytes as its ymlvaloper address. */
export function operatorAccount(operator: string): string {
  return accAddress.encode(valAddress.decode(operator));
}

function positiveCoin(c: { denom: string; amount: string } | undefined, what: string): Coin {
  let coin: Coin;
  try {
    coin = coinFromProto(c ?? { denom: "", amount: "" });
  } catch {
    throw sdkErrors.ErrInvalidRequest.wrap(what);
  }
  if (coin.amount <= 0n) throw sdkErrors.ErrInvalidRequest.wrap(what);
  return coin;
}

function requireBondDenom(k: StakingKeeper, ctx: Context, coin: Coin): void {
  const bondDenom = k.bondDenom(ctx);
  if (coin.denom !== bondDenom)
    throw sdkErrors.ErrInvalidRequest.wrap(`invalid coin denomination: got ${coin.denom}, expected ${bondDenom}`);
}

function checkDescription(d: Description): void {
  for (const [field, max] of DESCRIPTION_LIMITS) {
    if (d[field].length > max) throw sdkErrors.ErrInvalidRequest.wrap(`invalid ${field} length; got: ${d[field].length}, max: ${max}`);
  }
}

function isEmptyDescription(d: Description | undefined): boolean {
  return !d || DESCRIPTION_LIMITS.every(([field]) => d[field] === "");
}

function parseRates(cr: CommissionRates): { rate: Dec; maxRate: Dec; maxChangeRate: Dec } {
  return {
    rate: decFromWire(cr.rate, "commission rate"),
    maxRate: decFromWire(cr.maxRate, "max rate"),
    maxChangeRate: decFromWire(cr.maxChangeRate, "max change rate"),
  };
}

/** CommissionRates.Validate of the SDK. */
function validateCommission(cr: CommissionRates): void {
  const { rate, maxRate, maxChangeRate } = parseRates(cr);
  if (maxRate < 0n) throw stakingErrors.ErrCommissionNegative.wrap("");
  if (maxRate > DEC_ONE) throw stakingErrors.ErrCommissionHuge.wrap("");
  if (rate < 0n) throw stakingErrors.ErrCommissionNegative.wrap("");
  if (rate > maxRate) throw stakingErrors.ErrCommissionGTMaxRate.wrap("");
  if (maxChangeRate < 0n) throw stakingErrors.ErrCommissionChangeRateNegative.wrap("");
  if (maxChangeRate > maxRate) throw stakingErrors.ErrCommissionChangeRateGTMaxRate.wrap("");
}

function validateCreate(m: tx.MsgCreateValidator): void {
  valAddress.decode(m.validatorAddress);
  if (m.delegatorAddress !== "" && m.delegatorAddress !== operatorAccount(m.validatorAddress)) {
    throw sdkErrors.ErrInvalidRequest.wrap("delegator address must be empty or the operator's own account");
  }
  if (!m.pubkey || m.pubkey.typeUrl === "") throw stakingErrors.ErrEmptyValidatorPubKey.wrap("");
  const value = positiveCoin(m.value, "invalid delegation amount");
  if (isEmptyDescription(m.description)) throw sdkErrors.ErrInvalidRequest.wrap("empty description");
  const cr = m.commission;
  if (!cr || (cr.rate === "" && cr.maxRate === "" && cr.maxChangeRate === "")) throw sdkErrors.ErrInvalidRequest.wrap("empty commission");
  validateCommission(cr);
  const minSelf = m.minSelfDelegation === "" ? 0n : parseAmount(m.minSelfDelegation, "minimum self delegation");
  if (minSelf <= 0n) throw sdkErrors.ErrInvalidRequest.wrap("minimum self delegation must be a positive integer");
  if (value.amount < minSelf) throw stakingErrors.ErrSelfDelegationBelowMinimum.wrap("");
}

function createValidator(k: StakingKeeper, ctx: Context, m: tx.MsgCreateValidator): tx.MsgCreateValidatorResponse {
  const params = k.getParams(ctx);
  const rates = parseRates(m.commission);
  if (rates.rate < decFromWire(params.minCommissionRate))
    throw stakingErrors.ErrCommissionLTMinRate.wrap(
      `cannot set validator commission to less than minimum rate of ${decToString(decFromWire(params.minCommissionRate))}`,
    );
  if (k.getValidator(ctx, m.validatorAddress)) throw stakingErrors.ErrValidatorOwnerExists.wrap("");
  const consAddr = consensusAddressOf(consensusKeyBytes(m.pubkey));
  if (k.validatorsByConsAddr.has(ctx, consAddr)) throw stakingErrors.ErrValidatorPubKeyExists.wrap("");
  const value = positiveCoin(m.value, "invalid delegation amount");
  requireBondDenom(k, ctx, value);
  checkDescription(m.description);
  for (const h of k.hooks) h.beforeCreateValidator?.(ctx, m);

  const validator = Validator.fromPartial({
    operatorAddress: m.validatorAddress,
    consensusPubkey: m.pubkey,
    jailed: false,
    status: BondStatus.BOND_STATUS_UNBONDED,
    tokens: "0",
    delegatorShares: decToWire(0n),
    description: m.description,
    unbondingHeight: 0n,
    unbondingTime: { seconds: 0n, nanos: 0 },
    commission: {
      commissionRates: { rate: decToWire(rates.rate), maxRate: decToWire(rates.maxRate), maxChangeRate: decToWire(rates.maxChangeRate) },
      updateTime: ctx.time,
    },
    minSelfDelegation: parseAmount(m.minSelfDelegation).toString(),
  });
  k.setValidator(ctx, validator);
  k.validatorsByConsAddr.set(ctx, consAddr, valAddress.decode(m.validatorAddress));
  for (const h of k.hooks) h.afterValidatorCreated?.(ctx, m.validatorAddress);
  k.flows.delegate(ctx, operatorAccount(m.validatorAddress), value.amount, BondStatus.BOND_STATUS_UNBONDED, validator, true);
  stakingEvents.createValidator(ctx, m.validatorAddress, `${value.amount}${value.denom}`);
  return {};
}

function editValidator(k: StakingKeeper, ctx: Context, m: tx.MsgEditValidator): tx.MsgEditValidatorResponse {
  const v = k.mustValidator(ctx, m.validatorAddress);
  const description = { ...v.description };
  for (const [field] of DESCRIPTION_LIMITS) if (m.description[field] !== DO_NOT_MODIFY) description[field] = m.description[field];
  checkDescription(description);
  const updated = { ...v, description };

  if (m.commissionRate !== "") {
    const newRate = decFromWire(m.commissionRate, "commission rate");
    const c = v.commission;
    const current = parseRates(c.commissionRates);
    const sinceUpdate = (ctx.time.seconds - c.updateTime.seconds) * NANOS + BigInt(ctx.time.nanos - c.updateTime.nanos);
    if (sinceUpdate < DAY_NANOS) throw stakingErrors.ErrCommissionUpdateTime.wrap("");
    if (newRate < 0n) throw stakingErrors.ErrCommissionNegative.wrap("");
    if (newRate > current.maxRate) throw stakingErrors.ErrCommissionGTMaxRate.wrap("");
    if (newRate - current.rate > current.maxChangeRate) throw stakingErrors.ErrCommissionGTMaxChangeRate.wrap("");
    if (newRate < decFromWire(k.getParams(ctx).minCommissionRate)) throw stakingErrors.ErrCommissionLTMinRate.wrap("");
    updated.commission = { commissionRates: { ...c.commissionRates, rate: decToWire(newRate) }, updateTime: ctx.time };
  }
  if (m.minSelfDelegation !== "") {
    const minSelf = parseAmount(m.minSelfDelegation, "minimum self delegation");
    if (minSelf <= BigInt(v.minSelfDelegation)) throw stakingErrors.ErrMinSelfDelegationDecreased.wrap("");
    if (minSelf > BigInt(v.tokens)) throw stakingErrors.ErrSelfDelegationBelowMinimum.wrap("");
    updated.minSelfDelegation = minSelf.toString();
  }
  k.setValidator(ctx, updated);
  stakingEvents.editValidator(ctx, decToString(decFromWire(updated.commission.commissionRates.rate)), updated.minSelfDelegation);
  return {};
}

function validatePair(delegator: string, validator: string, amount: { denom: string; amount: string } | undefined, what: string): void {
  accAddress.validate(delegator);
  valAddress.decode(validator);
  positiveCoin(amount, what);
}

export function stakingMsgs(k: StakingKeeper): MsgDef[] {
  return [
    defineMsg({
      codec: tx.MsgCreateValidator,
      responseCodec: tx.MsgCreateValidatorResponse,
      signer: (m) => [operatorAccount(m.validatorAddress)],
      aminoName: "cosmos-sdk/MsgCreateValidator",
      validate: validateCreate,
      handle: (ctx, m) => createValidator(k, ctx, m),
    }),
    defineMsg({
      codec: tx.MsgEditValidator,
      responseCodec: tx.MsgEditValidatorResponse,
      signer: (m) => [operatorAccount(m.validatorAddress)],
      aminoName: "cosmos-sdk/MsgEditValidator",
      validate: (m) => {
        valAddress.decode(m.validatorAddress);
        if (isEmptyDescription(m.description)) throw sdkErrors.ErrInvalidRequest.wrap("empty description");
        if (m.minSelfDelegation !== "" && parseAmount(m.minSelfDelegation, "minimum self delegation") <= 0n) {
          throw sdkErrors.ErrInvalidRequest.wrap("minimum self delegation must be a positive integer");
        }
        if (m.commissionRate !== "") {
          const rate = decFromWire(m.commissionRate, "commission rate");
          if (rate < 0n || rate > DEC_ONE) throw sdkErrors.ErrInvalidRequest.wrap("commission rate must be between 0 and 1 (inclusive)");
        }
      },
      handle: (ctx, m) => editValidator(k, ctx, m),
    }),
    defineMsg({
      codec: tx.MsgDelegate,
      responseCodec: tx.MsgDelegateResponse,
      signer: "delegatorAddress",
      aminoName: "cosmos-sdk/MsgDelegate",
      validate: (m) => validatePair(m.delegatorAddress, m.validatorAddress, m.amount, "invalid delegation amount"),
      handle: (ctx, m) => {
        const validator = k.mustValidator(ctx, m.validatorAddress);
        const coin = positiveCoin(m.amount, "invalid delegation amount");
        requireBondDenom(k, ctx, coin);
        const shares = k.flows.delegate(ctx, m.delegatorAddress, coin.amount, BondStatus.BOND_STATUS_UNBONDED, validator, true);
        stakingEvents.delegate(ctx, m.validatorAddress, m.delegatorAddress, `${coin.amount}${coin.denom}`, decToString(shares));
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgUndelegate,
      responseCodec: tx.MsgUndelegateResponse,
      signer: "delegatorAddress",
      aminoName: "cosmos-sdk/MsgUndelegate",
      validate: (m) => validatePair(m.delegatorAddress, m.validatorAddress, m.amount, "invalid shares amount"),
      handle: (ctx, m) => {
        const coin = positiveCoin(m.amount, "invalid shares amount");
        const shares = k.flows.validateUnbondAmount(ctx, m.delegatorAddress, m.validatorAddress, coin.amount);
        requireBondDenom(k, ctx, coin);
        k.flows.assertUnbondingEntryFree(ctx, m.delegatorAddress, m.validatorAddress);
        const { completionTime, amount } = k.flows.undelegate(ctx, m.delegatorAddress, m.validatorAddress, shares);
        stakingEvents.unbond(ctx, m.validatorAddress, m.delegatorAddress, `${amount}${coin.denom}`, formatTimeSeconds(completionTime));
        return { completionTime, amount: { denom: coin.denom, amount: amount.toString() } };
      },
    }),
    defineMsg({
      codec: tx.MsgBeginRedelegate,
      responseCodec: tx.MsgBeginRedelegateResponse,
      signer: "delegatorAddress",
      aminoName: "cosmos-sdk/MsgBeginRedelegate",
      validate: (m) => {
        validatePair(m.delegatorAddress, m.validatorSrcAddress, m.amount, "invalid shares amount");
        valAddress.decode(m.validatorDstAddress);
      },
      handle: (ctx, m) => {
        const coin = positiveCoin(m.amount, "invalid shares amount");
        const shares = k.flows.validateUnbondAmount(ctx, m.delegatorAddress, m.validatorSrcAddress, coin.amount);
        requireBondDenom(k, ctx, coin);
        const completionTime = k.flows.beginRedelegation(ctx, m.delegatorAddress, m.validatorSrcAddress, m.validatorDstAddress, shares);
        stakingEvents.redelegate(
          ctx,
          m.validatorSrcAddress,
          m.validatorDstAddress,
          `${coin.amount}${coin.denom}`,
          formatTimeSeconds(completionTime),
        );
        return { completionTime };
      },
    }),
    defineMsg({
      codec: tx.MsgCancelUnbondingDelegation,
      responseCodec: tx.MsgCancelUnbondingDelegationResponse,
      signer: "delegatorAddress",
      aminoName: "cosmos-sdk/MsgCancelUnbondingDelegation",
      validate: (m) => {
        validatePair(m.delegatorAddress, m.validatorAddress, m.amount, "invalid amount");
        if (m.creationHeight <= 0n) throw sdkErrors.ErrInvalidRequest.wrap("invalid height");
      },
      handle: (ctx, m) => {
        k.mustValidator(ctx, m.validatorAddress);
        const coin = positiveCoin(m.amount, "invalid amount");
        requireBondDenom(k, ctx, coin);
        k.flows.cancelUnbonding(ctx, m.delegatorAddress, m.validatorAddress, coin.amount, m.creationHeight);
        stakingEvents.cancelUnbonding(
          ctx,
          m.validatorAddress,
          m.delegatorAddress,
          `${coin.amount}${coin.denom}`,
          m.creationHeight.toString(),
        );
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: "cosmos-sdk/x/staking/MsgUpdateParams",
      handle: (ctx, m) => {
        if (!m.params) throw sdkErrors.ErrInvalidRequest.wrap("params must be set");
        validateStakingParams(m.params);
        k.params.set(ctx, { ...m.params, minCommissionRate: decToWire(decFromWire(m.params.minCommissionRate)) });
        return {};
      },
    }),
  ];
}
