import type { Module, MsgRouter } from "../../types/module";
import { groupGenesis } from "./genesis";
import { GroupKeeper, type GroupAuthView } from "./keeper";
import { groupEndBlock } from "./blocker";
import { groupMsgs } from "./msgs";
import type { GroupConfig } from "./params";
import { groupQueries } from "./queries";

export { GroupKeeper, type GroupChange, type GroupGuard, type GroupView, type PolicyView, type WeightedMember } from "./keeper";
export type { Decision } from "./policy";
export { defaultGroupConfig, type GroupConfig } from "./params";
export { groupErrors } from "./errors";

/**
 * cosmos.group.v1: weighted multi-member accounts. Proposal messages run through the app's
 * router, bound once it exists (bindRouter).
 */
export function createGroupModule(deps: { auth: GroupAuthView; config?: GroupConfig }): Module & { keeper: GroupKeeper; bindRouter(router: MsgRouter): void } {
  const keeper = new GroupKeeper(deps.auth, deps.config);
  return {
    name: "group",
    keeper,
    msgs: groupMsgs(keeper),
    queries: groupQueries(keeper),
    genesis: groupGenesis(keeper),
    endBlock: (ctx) => groupEndBlock(keeper, ctx),
    bindRouter: (router) => keeper.bindRouter(router),
  };
}
