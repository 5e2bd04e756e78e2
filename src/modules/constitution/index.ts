import type { Module } from "../../types/module";
import { constitutionEndBlock } from "./blocker";
import type { GroupKeeper, StakingKeeper } from "./expected-keepers";
import { constitutionGenesis } from "./genesis";
import { CONSTITUTION_MODULE, ConstitutionKeeper } from "./keeper";
import { constitutionMsgs } from "./msgs";
import { constitutionQueries } from "./queries";

export { ConstitutionKeeper, CONSTITUTION_MODULE, foundationBreach } from "./keeper";
export { constitutionErrors } from "./errors";
export { defaultInvariants, validateInvariants } from "./invariants";
export type { GroupKeeper as ConstitutionGroupKeeper, StakingKeeper as ConstitutionStakingKeeper } from "./expected-keepers";

/**
 * The constitution module. Creating it registers the foundation guard with group: a change to the
 * recovery destination's group or policy that breaks the foundation rule is refused.
 */
export function createConstitutionModule(deps: { staking: StakingKeeper; group: GroupKeeper }): Module & { keeper: ConstitutionKeeper } {
  const keeper = new ConstitutionKeeper(deps.staking, deps.group);
  deps.group.addGuard(keeper.foundationGuard);
  return {
    name: CONSTITUTION_MODULE,
    keeper,
    msgs: constitutionMsgs(keeper),
    queries: constitutionQueries(keeper),
    genesis: constitutionGenesis(keeper),
    endBlock: (ctx) => constitutionEndBlock(keeper, ctx),
  };
}
