import type { Module } from "../../types/module";
import type { GroupKeeper, StakingKeeper } from "./expected-keepers";
import { constitutionGenesis } from "./genesis";
import { CONSTITUTION_MODULE, ConstitutionKeeper } from "./keeper";
import { migrateToV2 } from "./migrations";
import { constitutionMsgs } from "./msgs";
import { constitutionQueries } from "./queries";
import { constitutionSimulation } from "./simulation";

export { ConstitutionKeeper, CONSTITUTION_MODULE, foundationBreach } from "./keeper";
export { constitutionErrors } from "./errors";
export { defaultInvariants, MIN_AMENDMENT_DELAY_BLOCKS, validateInvariants } from "./invariants";
export type { GroupKeeper as ConstitutionGroupKeeper, StakingKeeper as ConstitutionStakingKeeper } from "./expected-keepers";

/** The constitution module: the invariants, amendments, and the foundation guard it offers group. */
export function createConstitutionModule(deps: { staking: StakingKeeper; group: GroupKeeper }): Module & { keeper: ConstitutionKeeper } {
  const keeper = new ConstitutionKeeper(deps.staking, deps.group);
  return {
    name: CONSTITUTION_MODULE,
    keeper,
    msgs: constitutionMsgs(keeper),
    queries: constitutionQueries(keeper),
    genesis: constitutionGenesis(keeper),
    endBlock: (ctx) => keeper.endBlock(ctx),
    consensusVersion: 2,
    migrations: [{ from: 1, migrate: migrateToV2 }],
    // The foundation rule: group refuses changes that would break the recovery destination's group.
    hooks: { groupGuard: keeper.foundationGuard },
    simulation: constitutionSimulation(keeper, deps.staking),
  };
}
