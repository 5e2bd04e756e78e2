import type { Module } from "../../types/module";
import { feegrantGenesis } from "./genesis";
import { FeegrantKeeper, type FeegrantAccounts, type FeegrantBank } from "./keeper";
import { feegrantMsgs } from "./msgs";
import { feegrantQueries } from "./queries";

export { FeegrantKeeper, PRUNE_LIMIT_PER_MSG, type FeegrantAccounts, type FeegrantBank } from "./keeper";
export { feegrantErrors } from "./errors";

export function createFeegrantModule(deps: { accounts: FeegrantAccounts; bank: FeegrantBank }): Module & { keeper: FeegrantKeeper } {
  const keeper = new FeegrantKeeper(deps.accounts, deps.bank);
  return { name: "feegrant", keeper, msgs: feegrantMsgs(keeper), queries: feegrantQueries(keeper), genesis: feegrantGenesis(keeper) };
}
