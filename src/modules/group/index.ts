import type { Module } from "../../types/module";
import { groupGenesis } from "./genesis";
import { GroupKeeper } from "./keeper";
import { migrateGroupV1ToV2 } from "./migrations";
import { groupMsgs } from "./msgs";
import type { GroupConfig } from "./params";
import { groupQueries } from "./queries";
import type { AccountKeeper } from "./expected-keepers";
import { groupSimulation } from "./simulation";

export { GroupKeeper, type GroupView, type PolicyView } from "./keeper";
export type { Decision, GroupChange, GroupGuard, WeightedMember } from "../../types/hooks";
export { defaultGroupConfig, type GroupConfig } from "./params";
export { groupPolicyAddress } from "./groups";
export { addSimOfficeGroups } from "./simulation";
export { groupErrors } from "./errors";

/**
 * cosmos.group.v1: weighted multi-member accounts. Proposal messages run through the app's
 * router, bound once it exists (bindRouter).
 */
export function createGroupModule(deps: { auth: AccountKeeper; config?: GroupConfig }): Module & { keeper: GroupKeeper } {
  const keeper = new GroupKeeper(deps.auth, deps.config);
  return {
    name: "group",
    keeper,
    consensusVersion: 2,
    migrations: [{ from: 1, migrate: migrateGroupV1ToV2 }],
    msgs: groupMsgs(keeper),
    queries: groupQueries(keeper),
    genesis: groupGenesis(keeper),
    endBlock: (ctx) => keeper.endBlock(ctx),
    bindRouter: (router) => keeper.bindRouter(router),
    simulation: groupSimulation(keeper),
  };
}
