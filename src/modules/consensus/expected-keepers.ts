import type { ConsensusParams } from "cosmjs-types/tendermint/types/params";

/**
 * Where the params InitChain gave are kept: the app's meta, outside the state tree (so genesis
 * app hashes do not change; CometBFT commits consensus params in every header anyway).
 */
export interface GenesisParamsSource {
  genesisConsensusParams(): ConsensusParams | undefined;
}
