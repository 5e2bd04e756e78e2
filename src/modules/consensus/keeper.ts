import { ConsensusParams } from "cosmjs-types/tendermint/types/params";
import { Schema } from "../../store/collections";
import { protoValue, uint64Value } from "../../store/codecs";
import type { Context } from "../../types/context";
import type { GenesisParamsSource } from "./expected-keepers";

export const CONSENSUS_MODULE = "consensus";

/**
 * Consensus params changed by governance, and the height of the last change (so that block's
 * FinalizeBlock hands them to CometBFT). Until governance changes them, the params are the
 * ones InitChain gave, which the app keeps outside state.
 */
export class ConsensusKeeper {
  private readonly schema = new Schema("consensus/");
  readonly params = this.schema.item(1, "params", protoValue(ConsensusParams, "ConsensusParams"));
  readonly updatedAt = this.schema.item(2, "updated_height", uint64Value);
  private source: GenesisParamsSource | undefined;

  bindGenesisSource(source: GenesisParamsSource): void {
    this.source = source;
  }

  /** The params in force: the last governance change, else InitChain's; undefined on a chain whose InitChain predates this module. */
  getParams(ctx: Context): ConsensusParams | undefined {
    return this.params.get(ctx) ?? this.source?.genesisConsensusParams();
  }

  setParams(ctx: Context, params: ConsensusParams): void {
    this.params.set(ctx, params);
    this.updatedAt.set(ctx, ctx.height);
  }

  /** Params changed in this block, for FinalizeBlock's consensus_param_updates (version left to CometBFT). */
  updatesAt(ctx: Context): ConsensusParams | undefined {
    if (this.updatedAt.get(ctx) !== ctx.height) return undefined;
    const p = this.params.get(ctx);
    return p ? { ...p, version: undefined } : undefined;
  }
}
