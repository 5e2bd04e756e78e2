import type { Module } from "../../types/module";
import { govGenesis } from "./genesis";
import { GovKeeper } from "./keeper";
import { govMsgs } from "./msgs";
import { govQueries } from "./queries";
import { govSimulation } from "./simulation";
import type { AccountKeeper, BankKeeper, StakingKeeper } from "./expected-keepers";

export { GovKeeper, GOV_MODULE } from "./keeper";
export { govErrors } from "./errors";
export { defaultGovParams, devGovParams } from "./params";
export { openProposals } from "./simulation";

export function createGovModule(deps: { bank: BankKeeper; auth: AccountKeeper; staking: StakingKeeper }): Module & { keeper: GovKeeper } {
  const keeper = new GovKeeper(deps.bank, deps.auth, deps.staking);
  return {
    name: "gov",
    keeper,
    msgs: govMsgs(keeper),
    queries: govQueries(keeper),
    genesis: govGenesis(keeper),
    moduleAccounts: [{ name: "gov", permissions: ["burner"] }],
    endBlock: (ctx) => keeper.endBlock(ctx),
    bindRouter: (router) => keeper.bindRouter(router),
    simulation: govSimulation(keeper),
  };
}
