import { BondStatus, type Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { valAddress } from "../../types/address";
import type { Context } from "../../types/context";
import type { ValidatorUpdate } from "../../types/module";
import type { StakingKeeper } from "./keeper";
import { consensusAddressOf, consensusKeyBytes, consensusPower, potentialPower, sharesOf, timeAdd, timeCmp, tokensOf } from "./validator";

/** The validator-set steps of the end blocker; the keeper holds one (`keeper.valset`). */
export class ValidatorSet {
  constructor(private readonly k: StakingKeeper) {}

  /**
   * The validator-set step of the SDK's end blocker (ApplyAndReturnValidatorSetUpdates): the
   * top `max_validators` unjailed validators by power are bonded, everyone else who was bonded
   * starts unbonding, tokens follow between the two pools, and only changed powers are reported.
   */
  applyUpdates(ctx: Context): ValidatorUpdate[] {
    const maxValidators = this.k.getParams(ctx).maxValidators;
    const last = new Map<string, bigint>();
    for (const [op, power] of this.k.lastValidatorPowers.iterate(ctx)) last.set(Buffer.from(op).toString("hex"), power);

    const updates: ValidatorUpdate[] = [];
    let toBonded = 0n;
    let toNotBonded = 0n;
    let totalPower = 0n;
    let count = 0;
    const bondedNow: Validator[] = [];
    for (const [, op] of this.k.validators.indexes.byPower.entries(ctx)) {
      if (count >= maxValidators) break;
      const v = this.k.validators.get(ctx, op)!;
      if (potentialPower(v) === 0n) break;
      bondedNow.push(v);
      count++;
    }
    // Status changes rewrite the power index, so they happen after the walk over it.
    for (let v of bondedNow) {
      const op = valAddress.decode(v.operatorAddress);
      if (v.status !== BondStatus.BOND_STATUS_BONDED) {
        v = this.bondValidator(ctx, v);
        toBonded += tokensOf(v);
      }
      const key = Buffer.from(op).toString("hex");
      const power = consensusPower(v);
      if (last.get(key) !== power) {
        updates.push({ pubKey: consensusKeyBytes(v.consensusPubkey), power });
        this.k.lastValidatorPowers.set(ctx, op, power);
      }
      last.delete(key);
      totalPower += power;
    }

    // Map keys are hex of the operator bytes, so sorting them orders by address bytes.
    for (const key of [...last.keys()].sort()) {
      const op = Uint8Array.from(Buffer.from(key, "hex"));
      const v = this.k.validators.get(ctx, op)!;
      const unbonding = this.beginUnbondingValidator(ctx, v);
      toNotBonded += tokensOf(unbonding);
      this.k.lastValidatorPowers.remove(ctx, op);
      updates.push({ pubKey: consensusKeyBytes(v.consensusPubkey), power: 0n });
    }

    if (toNotBonded > toBonded) this.k.moveBondedToNotBonded(ctx, toNotBonded - toBonded);
    else if (toBonded > toNotBonded) this.k.moveNotBondedToBonded(ctx, toBonded - toNotBonded);
    if (updates.length > 0) this.k.lastTotalPower.set(ctx, totalPower);
    return updates;
  }

  private bondValidator(ctx: Context, v: Validator): Validator {
    if (v.status === BondStatus.BOND_STATUS_UNBONDING) {
      this.k.validatorQueue.remove(ctx, [v.unbondingTime.seconds, v.unbondingTime.nanos, valAddress.decode(v.operatorAddress)]);
    }
    const bonded = { ...v, status: BondStatus.BOND_STATUS_BONDED };
    this.k.setValidator(ctx, bonded);
    const consAddr = consensusAddressOf(consensusKeyBytes(v.consensusPubkey));
    for (const h of this.k.hooks) h.afterValidatorBonded?.(ctx, consAddr, v.operatorAddress);
    return bonded;
  }

  private beginUnbondingValidator(ctx: Context, v: Validator): Validator {
    const unbondingTime = timeAdd(ctx.time, this.k.getParams(ctx).unbondingTime);
    const unbonding = { ...v, status: BondStatus.BOND_STATUS_UNBONDING, unbondingTime, unbondingHeight: ctx.height };
    this.k.setValidator(ctx, unbonding);
    this.k.validatorQueue.set(ctx, [unbondingTime.seconds, unbondingTime.nanos, valAddress.decode(v.operatorAddress)]);
    return unbonding;
  }

  /** Validators whose unbonding period has passed become UNBONDED (and go away if nobody is left delegated). */
  unbondMatureValidators(ctx: Context): void {
    const due: Array<[bigint, number, Uint8Array]> = [];
    for (const key of this.k.validatorQueue.iterate(ctx)) {
      if (timeCmp({ seconds: key[0], nanos: key[1] }, ctx.time) > 0) break;
      due.push(key);
    }
    for (const key of due) {
      this.k.validatorQueue.remove(ctx, key);
      const v = this.k.validators.get(ctx, key[2]);
      if (!v || v.status !== BondStatus.BOND_STATUS_UNBONDING || v.unbondingHeight > ctx.height) continue;
      const unbonded = { ...v, status: BondStatus.BOND_STATUS_UNBONDED };
      if (sharesOf(unbonded) === 0n) this.k.removeValidator(ctx, unbonded);
      else this.k.setValidator(ctx, unbonded);
    }
  }
}
