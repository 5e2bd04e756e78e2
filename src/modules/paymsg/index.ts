import type { Module } from "../../types/module";
import { paymsgGenesis } from "./genesis";
import { PaymsgKeeper, type BankView } from "./keeper";
import { paymsgMsgs } from "./msgs";
import { paymsgQueries } from "./queries";

export { PaymsgKeeper, APPLICATION_STATUS, type BankView } from "./keeper";
export { paymsgErrors } from "./errors";
export { LIMITS as PAYMSG_LIMITS } from "./limits";

export function createPaymsgModule(deps: { bank: BankView }): Module & { keeper: PaymsgKeeper } {
  const keeper = new PaymsgKeeper(deps.bank);
  return { name: "paymsg", keeper, msgs: paymsgMsgs(keeper), queries: paymsgQueries(keeper), genesis: paymsgGenesis(keeper) };
}
