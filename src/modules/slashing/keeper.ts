import { Params } from "cosmjs-types/cosmos/slashing/v1beta1/slashing";
import { Schema } from "../../store/collections";
import { protoValue } from "../../store/codecs";
import type { SlashingHooks } from "../../types/hooks";
import { defaultSlashingParams } from "./params";
import type { StakingKeeper } from "./expected-keepers";

export class SlashingKeeper {
  private readonly schema = new Schema("slashing/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultSlashingParams());

  readonly hooks: SlashingHooks[] = [];

  constructor(readonly staking: StakingKeeper) {}

  addHooks(h: SlashingHooks): void {
    this.hooks.push(h);
  }
}
