import { Params } from "cosmjs-types/cosmos/slashing/v1beta1/slashing";
import type { Delegation, Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { Schema } from "../../store/collections";
import { protoValue } from "../../store/codecs";
import type { Context } from "../../types/context";
import { defaultSlashingParams } from "./params";

/** What slashing needs from staking. */
export interface SlashingStaking {
  getValidator(ctx: Context, operator: string): Validator | undefined;
  getDelegation(ctx: Context, delegator: string, operator: string): Delegation | undefined;
  unjail(ctx: Context, operator: string): void;
  /** Consensus address (20 bytes) → validator, for signing-info queries. */
  validatorByConsAddr(ctx: Context, consAddr: Uint8Array): Validator | undefined;
  consensusAddresses(ctx: Context): Uint8Array[];
}

export class SlashingKeeper {
  private readonly schema = new Schema("slashing/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultSlashingParams());

  constructor(readonly staking: SlashingStaking) {}
}
