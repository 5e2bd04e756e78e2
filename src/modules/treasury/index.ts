import type { Module } from "../../types/module";
import type { BankKeeper } from "./expected-keepers";
import { treasuryGenesis } from "./genesis";
import { TREASURY_MODULE, TreasuryKeeper } from "./keeper";
import { migrateToV2 } from "./migrations";
import { treasuryMsgs } from "./msgs";
import { treasuryQueries } from "./queries";
import { treasurySimulation } from "./simulation";

export { TreasuryKeeper, TREASURY_MODULE, ESCROW_TREASURY_ID } from "./keeper";
export { treasuryErrors } from "./errors";
export { vestedAmount } from "./vesting";

export function createTreasuryModule(deps: { bank: BankKeeper; feeCollector: string }): Module & { keeper: TreasuryKeeper } {
  const keeper = new TreasuryKeeper(deps.bank, deps.feeCollector);
  return {
    name: TREASURY_MODULE,
    keeper,
    msgs: treasuryMsgs(keeper),
    queries: treasuryQueries(keeper),
    genesis: treasuryGenesis(keeper),
    moduleAccounts: [{ name: TREASURY_MODULE, permissions: [] }],
    // Fee routing: after the block's transactions, the collected fees move to the operating treasury when params say so.
    endBlock: (ctx) => keeper.endBlock(ctx),
    consensusVersion: 2,
    migrations: [{ from: 1, migrate: (ctx) => migrateToV2(ctx, keeper) }],
    simulation: treasurySimulation(keeper),
    bindFreezeGuard: (guard) => keeper.bindFreezeGuard(guard),
  };
}
