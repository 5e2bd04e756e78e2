import type { Module } from "../../types/module";
import { enforcementGenesis } from "./genesis";
import { ENFORCEMENT_MODULE, EnforcementKeeper, type EnforcementDeps } from "./keeper";
import { migrateToV2 } from "./migrations";
import { enforcementMsgs } from "./msgs";
import { enforcementQueries } from "./queries";
import { enforcementSimulation } from "./simulation";

export { EnforcementKeeper, ENFORCEMENT_MODULE, type EnforcementDeps } from "./keeper";
export { enforcementErrors } from "./errors";
export { enforcementSimTargets } from "./simulation";
export type {
  AliasKeeper,
  BankKeeper as EnforcementBankKeeper,
  ConstitutionKeeper,
  StakingKeeper as EnforcementStakingKeeper,
} from "./expected-keepers";

/** The enforcement module: cases decided by validators, and the freeze every coin path obeys. */
export function createEnforcementModule(deps: EnforcementDeps): Module & { keeper: EnforcementKeeper } {
  const keeper = new EnforcementKeeper(deps);
  return {
    name: ENFORCEMENT_MODULE,
    keeper,
    msgs: enforcementMsgs(keeper),
    queries: enforcementQueries(keeper),
    genesis: enforcementGenesis(keeper),
    // After gov, staking, constitution…: provisional freezes that lapse, cases whose voting
    // ends, held seizures that are due (under the rolling cap).
    endBlock: (ctx) => keeper.endBlock(ctx),
    consensusVersion: 2,
    migrations: [{ from: 1, migrate: (ctx) => migrateToV2(ctx, keeper) }],
    // The freeze is enforced once, at bank's send restriction, so every coin path is covered.
    hooks: {
      sendRestriction: keeper.sendRestriction,
      freezeGuard: keeper.freezeGuard,
      staking: { afterValidatorOperatorChanged: (ctx, oldOperator, newOperator) => keeper.moveVoter(ctx, oldOperator, newOperator) },
    },
    simulation: enforcementSimulation(keeper),
  };
}
