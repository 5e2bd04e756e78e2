import type { Module } from "../../types/module";
import type { BankKeeper, PaymsgKeeper } from "./expected-keepers";
import { nettingGenesis } from "./genesis";
import { NETTING_MODULE, NettingKeeper } from "./keeper";
import { migrateToV2 } from "./migrations";
import { nettingMsgs } from "./msgs";
import { nettingQueries } from "./queries";
import { nettingSimulation } from "./simulation";

export { NettingKeeper, NETTING_MODULE } from "./keeper";
export { nettingErrors } from "./errors";

export function createNettingModule(deps: { bank: BankKeeper; paymsg: PaymsgKeeper }): Module & { keeper: NettingKeeper } {
  const keeper = new NettingKeeper(deps.bank, deps.paymsg);
  return {
    name: NETTING_MODULE,
    keeper,
    msgs: nettingMsgs(keeper),
    queries: nettingQueries(keeper),
    genesis: nettingGenesis(keeper),
    // Reserves are held in the module account; it neither mints nor burns.
    moduleAccounts: [{ name: NETTING_MODULE, permissions: [] }],
    // Runs last in the block: the cycle closes after every other state change.
    endBlock: (ctx) => keeper.endBlock(ctx),
    consensusVersion: 2,
    migrations: [{ from: 1, migrate: (ctx) => migrateToV2(ctx, keeper) }],
    simulation: nettingSimulation(keeper, deps.paymsg),
    bindFreezeGuard: (guard) => keeper.bindFreezeGuard(guard),
  };
}
