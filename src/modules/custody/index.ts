import type { Module } from "../../types/module";
import { custodyGenesis } from "./genesis";
import { CUSTODY_MODULE, CustodyKeeper } from "./keeper";
import { migrateAddressKeys, migrateCustodyV1ToV2 } from "./migrations";
import { custodyMsgs } from "./msgs";
import { custodyQueries } from "./queries";
import { custodySimulation } from "./simulation";
import type { BankKeeper } from "./expected-keepers";

export { CustodyKeeper, CUSTODY_MODULE } from "./keeper";
export { custodyErrors } from "./errors";

/** Custodial claims on externally held assets: attested deposits, delayed redemptions, solvency. */
export function createCustodyModule(deps: { bank: BankKeeper }): Module & { keeper: CustodyKeeper } {
  const keeper = new CustodyKeeper(deps.bank);
  return {
    name: CUSTODY_MODULE,
    keeper,
    msgs: custodyMsgs(keeper),
    queries: custodyQueries(keeper),
    genesis: custodyGenesis(keeper, deps.bank),
    // 2: redemption ids `r<n>`, redemptions record the amount less the fee, bounded params, stored published reserves.
    // 3: attestor addresses in keys are address bytes.
    consensusVersion: 3,
    migrations: [
      { from: 1, migrate: (ctx) => migrateCustodyV1ToV2(ctx, keeper) },
      { from: 2, migrate: (ctx) => migrateAddressKeys(ctx, keeper) },
    ],
    moduleAccounts: [{ name: CUSTODY_MODULE, permissions: ["minter", "burner"] }],
    // A frozen attestor credits no deposit and settles no redemption.
    bindFreezeGuard: (guard) => {
      keeper.freeze = guard;
    },
    simulation: custodySimulation(keeper),
  };
}
