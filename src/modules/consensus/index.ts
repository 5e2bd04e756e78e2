import type { Module } from "../../types/module";
import { CONSENSUS_MODULE, ConsensusKeeper } from "./keeper";
import { consensusMsgs } from "./msgs";
import { consensusQueries } from "./queries";

export { ConsensusKeeper, CONSENSUS_MODULE } from "./keeper";
export type { GenesisParamsSource } from "./expected-keepers";

/**
 * cosmos.consensus.v1: CometBFT's block, evidence, validator (and ABCI) params changed through
 * governance and handed to CometBFT in FinalizeBlock. No genesis section: the params come
 * from genesis.json's consensus params through InitChain, as in the SDK.
 */
export function createConsensusModule(): Module & { keeper: ConsensusKeeper } {
  const keeper = new ConsensusKeeper();
  return {
    name: CONSENSUS_MODULE,
    keeper,
    // 2: the params live in state from InitChain on (before, InitChain's were kept outside it).
    consensusVersion: 2,
    migrations: [{ from: 1, migrate: (ctx) => keeper.migrateParamsIntoState(ctx) }],
    msgs: consensusMsgs(keeper),
    queries: consensusQueries(keeper),
  };
}
