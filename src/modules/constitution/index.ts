import type { Context } from "../../types/context";
import type { Module } from "../../types/module";
import { constitutionEndBlock } from "./blocker";
import type { GroupChange, GroupKeeper, StakingKeeper } from "./expected-keepers";
import { constitutionGenesis } from "./genesis";
import { CONSTITUTION_MODULE, ConstitutionKeeper } from "./keeper";
import { constitutionMsgs } from "./msgs";
import { constitutionQueries } from "./queries";

export { ConstitutionKeeper, CONSTITUTION_MODULE, foundationBreach } from "./keeper";
export { constitutionErrors } from "./errors";
export { defaultInvariants, validateInvariants } from "./invariants";
export type { GroupKeeper as ConstitutionGroupKeeper, StakingKeeper as ConstitutionStakingKeeper } from "./expected-keepers";

/** What the module installs into other keepers; src/app/modules.ts installs it. */
export interface ConstitutionHooks {
  /** For group: refuses a change to the recovery destination's group or policy that breaks the foundation rule. */
  groupGuard: (ctx: Context, change: GroupChange) => void;
}

/** The constitution module: the invariants, amendments, and the foundation guard it offers group. */
export function createConstitutionModule(deps: { staking: StakingKeeper; group: GroupKeeper }): Module & { keeper: ConstitutionKeeper; hooks: ConstitutionHooks } {
  const keeper = new ConstitutionKeeper(deps.staking, deps.group);
  return {
    hooks: { groupGuard: keeper.foundationGuard },
    name: CONSTITUTION_MODULE,
    keeper,
    msgs: constitutionMsgs(keeper),
    queries: constitutionQueries(keeper),
    genesis: constitutionGenesis(keeper),
    endBlock: (ctx) => constitutionEndBlock(keeper, ctx),
  };
}
