import { ConsensusParams } from "cosmjs-types/tendermint/types/params";
import { Schema } from "../../store/collections";
import { protoValue, uint64Value } from "../../store/codecs";
import type { Context } from "../../types/context";
import type { GenesisParamsSource } from "./expected-keepers";

export const CONSENSUS_MODULE = "consensus";

/**
 * The consensus params in force, in merkleized state: InitChain stores genesis.json's there
 * (initParams), governance changes them, with the height of the last change (so that block's
 * FinalizeBlock hands them to CometBFT). Block execution reads them only from here: the copy
 * the app's meta keeps outside state differs between nodes of different histories, and is
 * read once, by the migration that brings a chain started before the params were in state.
 */
export class ConsensusKeeper {
  private readonly schema = new Schema("consensus/");
  readonly params = this.schema.item(1, "params", protoValue(ConsensusParams, "ConsensusParams"));
  readonly updatedAt = this.schema.item(2, "updated_height", uint64Value);
  private source: GenesisParamsSource | undefined;

  bindGenesisSource(source: GenesisParamsSource): void {
    this.source = source;
  }

  /** The params in force; undefined only on a chain that stored none (a home older than this module, not migrated). */
  getParams(ctx: Context): ConsensusParams | undefined {
    return this.params.get(ctx);
  }

  /** InitChain's params, stored before any InitGenesis (the SDK's StoreConsensusParams); not an update for CometBFT. */
  initParams(ctx: Context, params: ConsensusParams): void {
    this.params.set(ctx, params);
  }

  /**
   * Version 1 → 2: chains started before the params were in state kept InitChain's only in
   * the app's meta; the upgrade copies them into state once, at the same height on every node.
   */
  migrateParamsIntoState(ctx: Context): void {
    if (this.params.get(ctx)) return;
    const genesis = this.source?.genesisConsensusParams();
    if (genesis) this.params.set(ctx, genesis);
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
