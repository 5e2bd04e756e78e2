import type { Module } from "../../types/module";
import { bankGenesis } from "./genesis";
import { BankKeeper } from "./keeper";
import { bankMsgs } from "./msgs";
import { bankQueries } from "./queries";
import { bankSimulation } from "./simulation";
import type { AccountKeeper } from "./expected-keepers";

export { BankKeeper } from "./keeper";
export type { SendRestriction } from "../../types/hooks";

export function createBankModule(deps: { auth: AccountKeeper }): Module & { keeper: BankKeeper } {
  const keeper = new BankKeeper(deps.auth);
  return {
    name: "bank",
    keeper,
    msgs: bankMsgs(keeper),
    queries: bankQueries(keeper),
    genesis: bankGenesis(keeper),
    simulation: bankSimulation(keeper),
  };
}
