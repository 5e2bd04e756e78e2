import type { Context } from "../../types/context";
import type { Module, ValidatorUpdate } from "../../types/module";
import { genesisValidators, stakingGenesis } from "./genesis";
import { StakingKeeper } from "./keeper";
import { migrateLastTotalPower } from "./migrations";
import { stakingMsgs } from "./msgs";
import { BONDED_POOL, NOT_BONDED_POOL } from "./params";
import { stakingQueries } from "./queries";
import { stakingSimulation } from "./simulation";
import type { AccountKeeper, BankKeeper } from "./expected-keepers";

export { StakingKeeper, type StakingView } from "./keeper";
export type { StakingHooks } from "../../types/hooks";
export { BONDED_POOL, NOT_BONDED_POOL, POWER_REDUCTION, DEFAULT_UNBONDING_SECONDS, defaultStakingParams } from "./params";
export { stakingErrors } from "./errors";
export { operatorAccount } from "./msgs";
export { consensusAddressOf, ed25519PubKeyAny, potentialPower, tokensFromShares } from "./validator";

export function createStakingModule(deps: { bank: BankKeeper; auth: AccountKeeper }): Module & {
  keeper: StakingKeeper;
  genesisValidators(ctx: Context): ValidatorUpdate[];
} {
  const keeper = new StakingKeeper(deps.bank, deps.auth);
  return {
    name: "staking",
    keeper,
    consensusVersion: 2,
    migrations: [{ from: 1, migrate: (ctx) => migrateLastTotalPower(keeper, ctx) }],
    msgs: stakingMsgs(keeper),
    queries: stakingQueries(keeper),
    genesis: stakingGenesis(keeper),
    moduleAccounts: [
      { name: BONDED_POOL, permissions: ["burner", "staking"] },
      { name: NOT_BONDED_POOL, permissions: ["burner", "staking"] },
    ],
    endBlock: (ctx) => keeper.endBlock(ctx),
    genesisValidators: (ctx) => genesisValidators(keeper, ctx),
    simulation: stakingSimulation(keeper),
  };
}
