import type { Module } from "../../types/module";
import { builderfeeGenesis } from "./genesis";
import { BuilderfeeKeeper } from "./keeper";
import { builderfeeMsgs } from "./msgs";
import { builderfeeQueries } from "./queries";
import { builderfeeSimulation } from "./simulation";
import type { BankKeeper } from "./expected-keepers";

export { BuilderfeeKeeper, ApplicationStatus } from "./keeper";
export { builderfeeErrors } from "./errors";

export function createBuilderfeeModule(deps: { bank: BankKeeper; feeCollector: string }): Module & { keeper: BuilderfeeKeeper } {
  const keeper = new BuilderfeeKeeper(deps.bank, deps.feeCollector);
  return {
    name: "builderfee",
    keeper,
    msgs: builderfeeMsgs(keeper),
    queries: builderfeeQueries(keeper),
    genesis: builderfeeGenesis(keeper),
    // Registration is refused for type URLs the chain does not route.
    bindRouter: (router) => keeper.bindMsgTypes(router),
    postTx: (ctx, tx) => keeper.payBuilderShare(ctx, tx),
    simulation: builderfeeSimulation(keeper),
  };
}
