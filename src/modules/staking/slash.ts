import { BondStatus, type Redelegation, type UnbondingDelegation, type Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { bech32Prefix, toBech32, valAddress } from "../../types/address";
import type { Timestamp } from "../../types/codec";
import type { Context } from "../../types/context";
import { DEC_ONE, decFromInt, decFromWire, decMul, decMulInt, decQuoRoundUp, decTruncate, type Dec } from "../../types/dec";
import type { StakingKeeper } from "./keeper";
import { BONDED_POOL, NOT_BONDED_POOL, POWER_REDUCTION } from "./params";
import { timeCmp, tokensOf } from "./validator";

/**
 * The SDK's x/staking slash.go (v0.50): a slash takes `fraction` of the stake the validator
 * had at the infraction (its consensus power then), first from unbonding delegations and
 * redelegations that started at or after the infraction height (that stake contributed to
 * it), the rest from the validator's tokens; burned coins leave the pool they sit in.
 */

/** An entry still slashable: not matured yet, or held (unbonding_on_hold_ref_count). */
function slashable(
  entry: { creationHeight: bigint; completionTime: Timestamp; unbondingOnHoldRefCount: bigint },
  infractionHeight: bigint,
  now: Timestamp,
): boolean {
  if (entry.creationHeight < infractionHeight) return false;
  const mature = timeCmp(entry.completionTime, now) <= 0;
  return !mature || entry.unbondingOnHoldRefCount > 0n;
}

/** Slashing of a validator and of the stake that left it after an infraction; the keeper holds one (`keeper.slasher`). */
export class Slasher {
  constructor(private readonly k: StakingKeeper) {}

  private burn(ctx: Context, pool: string, amount: bigint): void {
    if (amount > 0n) this.k.bank.burnCoins(ctx, pool, this.k.bondCoins(ctx, amount));
  }

  /** Slashes the unbonding entries created at or after the infraction; returns the amount owed by them (SlashUnbondingDelegation). */
  slashUnbondingDelegation(ctx: Context, ubd: UnbondingDelegation, infractionHeight: bigint, fraction: Dec): bigint {
    let total = 0n;
    let burned = 0n;
    const entries = ubd.entries.map((entry) => {
      if (!slashable(entry, infractionHeight, ctx.time)) return entry;
      const owed = decTruncate(decMulInt(fraction, BigInt(entry.initialBalance)));
      total += owed;
      // Never more than the entry still holds: it may have been slashed before.
      const taken = owed < BigInt(entry.balance) ? owed : BigInt(entry.balance);
      if (taken === 0n) return entry;
      burned += taken;
      return { ...entry, balance: (BigInt(entry.balance) - taken).toString() };
    });
    if (burned > 0n) this.k.setUnbonding(ctx, { ...ubd, entries });
    this.burn(ctx, NOT_BONDED_POOL, burned);
    return total;
  }

  /**
   * Slashes a redelegation's entries created at or after the infraction (SlashRedelegation):
   * an undelegation from the destination made since is slashed first, then the shares the
   * redelegation created at the destination are unbonded and burned.
   */
  slashRedelegation(ctx: Context, red: Redelegation, infractionHeight: bigint, fraction: Dec): bigint {
    let total = 0n;
    let bondedBurned = 0n;
    let notBondedBurned = 0n;
    const delegator = red.delegatorAddress;
    const dst = red.validatorDstAddress;
    for (const entry of red.entries) {
      if (!slashable(entry, infractionHeight, ctx.time)) continue;
      let owed = decTruncate(decMulInt(fraction, BigInt(entry.initialBalance)));
      total += owed;

      const ubd = this.k.getUnbonding(ctx, delegator, dst);
      if (ubd) {
        let changed = false;
        const entries = ubd.entries.map((u) => {
          const taken = owed < BigInt(u.balance) ? owed : BigInt(u.balance);
          if (taken === 0n || !slashable(u, infractionHeight, ctx.time)) return u;
          owed -= taken;
          notBondedBurned += taken;
          changed = true;
          return { ...u, balance: (BigInt(u.balance) - taken).toString() };
        });
        if (changed) this.k.setUnbonding(ctx, { ...ubd, entries });
      }

      let shares = decMul(fraction, decFromWire(entry.sharesDst));
      if (shares === 0n || owed === 0n) continue;
      const delegation = this.k.getDelegation(ctx, delegator, dst);
      if (!delegation) continue;
      const held = decFromWire(delegation.shares);
      if (shares > held) shares = held;
      const tokens = this.k.flows.unbond(ctx, delegator, dst, shares);
      // The redelegated tokens sit in the destination's pool; a removed destination was unbonded.
      if (this.k.getValidator(ctx, dst)?.status === BondStatus.BOND_STATUS_BONDED) bondedBurned += tokens;
      else notBondedBurned += tokens;
    }
    this.burn(ctx, BONDED_POOL, bondedBurned);
    this.burn(ctx, NOT_BONDED_POOL, notBondedBurned);
    return total;
  }

  /**
   * Slashes the validator with consensus address `consAddr` for an infraction at
   * `infractionHeight` when it had `power`; returns the tokens burned from the validator itself.
   * As the SDK, a validator no longer known (already slashed away), an unbonded one or a future
   * infraction burns nothing (the SDK logs or errors; a block must not fail on it).
   */
  slash(ctx: Context, consAddr: Uint8Array, infractionHeight: bigint, power: bigint, fraction: Dec): bigint {
    const cons = toBech32(bech32Prefix.consensus, consAddr);
    if (fraction < 0n) {
      ctx.logger.error({ validator: cons }, "ignored slash with a negative fraction");
      return 0n;
    }
    const slashAmount = decTruncate(decMulInt(fraction, power * POWER_REDUCTION));
    let validator = this.k.validatorByConsAddr(ctx, consAddr);
    if (!validator) {
      ctx.logger.error({ validator: cons }, "ignored attempt to slash a nonexistent validator");
      return 0n;
    }
    if (validator.status === BondStatus.BOND_STATUS_UNBONDED || infractionHeight > ctx.height) {
      ctx.logger.error(
        { validator: cons, infractionHeight: infractionHeight.toString() },
        "ignored slash of an unbonded validator or a future infraction",
      );
      return 0n;
    }
    const operator = validator.operatorAddress;
    let remaining = slashAmount;
    if (infractionHeight < ctx.height) {
      const op = valAddress.decode(operator);
      for (const key of [...this.k.unbondings.indexes.byValidator.iterate(ctx, this.k.pairOfAddrs.prefix(op))]) {
        const ubd = this.k.unbondings.get(ctx, key);
        if (ubd) remaining -= this.slashUnbondingDelegation(ctx, ubd, infractionHeight, fraction);
      }
      for (const key of [...this.k.redelegations.indexes.bySrc.iterate(ctx, this.k.tripleOfAddrs.prefix(op))]) {
        const red = this.k.redelegations.get(ctx, key);
        if (red) remaining -= this.slashRedelegation(ctx, red, infractionHeight, fraction);
      }
    }
    validator = this.k.mustValidator(ctx, operator);
    const tokens = tokensOf(validator);
    let toBurn = remaining < tokens ? remaining : tokens;
    if (toBurn < 0n) toBurn = 0n;
    if (toBurn === 0n) return 0n;

    // The effective fraction of the validator's tokens, for distribution's reward bookkeeping.
    let effective = decQuoRoundUp(decFromInt(toBurn), decFromInt(tokens));
    if (effective > DEC_ONE) effective = DEC_ONE;
    for (const h of this.k.hooks) h.beforeValidatorSlashed?.(ctx, operator, effective);

    validator = this.k.mustValidator(ctx, operator);
    const slashed: Validator = { ...validator, tokens: (tokensOf(validator) - toBurn).toString() };
    this.k.setValidator(ctx, slashed);
    this.burn(ctx, slashed.status === BondStatus.BOND_STATUS_BONDED ? BONDED_POOL : NOT_BONDED_POOL, toBurn);
    ctx.logger.info({ validator: operator, infractionHeight: infractionHeight.toString(), burned: toBurn.toString() }, "validator slashed");
    return toBurn;
  }
}
