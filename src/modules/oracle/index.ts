import type { Module } from "../../types/module";
import type { NftKeeper, StakingKeeper } from "./expected-keepers";
import { oracleGenesis } from "./genesis";
import { ORACLE_MODULE, OracleKeeper } from "./keeper";
import { migrateToV2 } from "./migrations";
import { oracleMsgs } from "./msgs";
import { oracleQueries } from "./queries";
import { oracleSimulation } from "./simulation";

export { OracleKeeper, ORACLE_MODULE, type PriceView } from "./keeper";
export { oracleErrors } from "./errors";
export { weightedMedian, tallyDenom } from "./tally";

export function createOracleModule(deps: { staking: StakingKeeper; nft: NftKeeper }): Module & { keeper: OracleKeeper } {
  const keeper = new OracleKeeper(deps.staking, deps.nft);
  return {
    name: ORACLE_MODULE,
    keeper,
    msgs: oracleMsgs(keeper),
    queries: oracleQueries(keeper),
    genesis: oracleGenesis(keeper),
    endBlock: (ctx) => keeper.endBlock(ctx),
    consensusVersion: 2,
    migrations: [{ from: 1, migrate: (ctx) => migrateToV2(ctx, keeper) }],
    hooks: {
      staking: { afterValidatorOperatorChanged: (ctx, oldOperator, newOperator) => keeper.moveValidator(ctx, oldOperator, newOperator) },
    },
    simulation: oracleSimulation(keeper, deps.staking),
  };
}
