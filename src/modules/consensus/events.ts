import { ConsensusParams } from "cosmjs-types/tendermint/types/params";
import type { Context } from "../../types/context";

/** The SDK's x/consensus event (type and attribute names kept for indexers); parameters as proto JSON. */
export const consensusEvents = {
  paramsUpdated(ctx: Context, authority: string, params: ConsensusParams): void {
    ctx.events.emit("update_consensus_params", { authority, parameters: JSON.stringify(ConsensusParams.toJSON(params)) });
  },
};
