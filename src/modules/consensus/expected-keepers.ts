import type { ConsensusParams } from "cosmjs-types/tendermint/types/params";

/**
 * Where the app's meta keeps the params InitChain gave, outside the state tree: read only by
 * the migration that moves them into state on chains started before they were stored there.
 */
export interface GenesisParamsSource {
  genesisConsensusParams(): ConsensusParams | undefined;
}
