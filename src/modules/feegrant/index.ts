import type { Module } from "../../types/module";
import { feegrantGenesis } from "./genesis";
import { FeegrantKeeper } from "./keeper";
import { feegrantSimulation } from "./simulation";
import { feegrantMsgs } from "./msgs";
import { feegrantQueries } from "./queries";
import type { AccountKeeper, BankKeeper } from "./expected-keepers";

export { FeegrantKeeper, PRUNE_LIMIT_PER_MSG } from "./keeper";
export { feegrantErrors } from "./errors";

export function createFeegrantModule(deps: { accounts: AccountKeeper; bank: BankKeeper }): Module & { keeper: FeegrantKeeper } {
  const keeper = new FeegrantKeeper(deps.accounts, deps.bank);
  return {
    name: "feegrant",
    keeper,
    msgs: feegrantMsgs(keeper),
    queries: feegrantQueries(keeper),
    genesis: feegrantGenesis(keeper),
    simulation: feegrantSimulation(keeper),
  };
}
