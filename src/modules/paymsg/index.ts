import type { Module } from "../../types/module";
import { paymsgGenesis } from "./genesis";
import { PaymsgKeeper } from "./keeper";
import { paymsgMsgs } from "./msgs";
import { paymsgQueries } from "./queries";
import { paymsgSimulation } from "./simulation";
import type { BankKeeper } from "./expected-keepers";

export { PaymsgKeeper, APPLICATION_STATUS } from "./keeper";
export { paymsgErrors } from "./errors";
export { LIMITS as PAYMSG_LIMITS } from "./limits";

export function createPaymsgModule(deps: { bank: BankKeeper }): Module & { keeper: PaymsgKeeper } {
  const keeper = new PaymsgKeeper(deps.bank);
  return {
    name: "paymsg",
    keeper,
    msgs: paymsgMsgs(keeper),
    queries: paymsgQueries(keeper),
    genesis: paymsgGenesis(keeper),
    simulation: paymsgSimulation(keeper),
  };
}
