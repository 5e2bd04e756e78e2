import type { Module } from "../../types/module";
import type { GroupKeeper } from "./expected-keepers";
import { landGenesis } from "./genesis";
import { LAND_MODULE, LandKeeper } from "./keeper";
import { migrateAddressKeys, migrateStampsToHeights } from "./migrations";
import { landMsgs } from "./msgs";
import { landQueries } from "./queries";
import { landSimulation } from "./simulation";

export { LandKeeper, LAND_MODULE, type FractionalisationView } from "./keeper";
export { landErrors } from "./errors";
export { addSimOffices } from "./simulation";
export type { GroupKeeper as LandGroupKeeper } from "./expected-keepers";

export function createLandModule(deps: { group: GroupKeeper }): Module & { keeper: LandKeeper } {
  const keeper = new LandKeeper(deps.group);
  return {
    name: LAND_MODULE,
    keeper,
    // 2: the stamps on records are block heights (they were block times).
    // 3: office and holder addresses in keys are address bytes.
    consensusVersion: 3,
    migrations: [
      { from: 1, migrate: (ctx) => migrateStampsToHeights(ctx, keeper) },
      { from: 2, migrate: (ctx) => migrateAddressKeys(ctx, keeper) },
    ],
    msgs: landMsgs(keeper),
    queries: landQueries(keeper),
    genesis: landGenesis(keeper, deps.group),
    simulation: landSimulation(keeper),
    bindFreezeGuard: (guard) => keeper.bindFreezeGuard(guard),
  };
}
