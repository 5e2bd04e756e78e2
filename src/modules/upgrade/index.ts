import type { Plan } from "cosmjs-types/cosmos/upgrade/v1beta1/upgrade";
import type { Module } from "../../types/module";
import type { ModuleManager } from "./expected-keepers";
import { UPGRADE_MODULE, UpgradeKeeper, type UpgradeDef } from "./keeper";
import { upgradeMsgs } from "./msgs";
import { upgradeQueries } from "./queries";
import { upgradeSimulation } from "./simulation";

export { UpgradeKeeper, UPGRADE_MODULE, upgradeNeededMessage, validatePlan, type UpgradeDef, type UpgradeHandler } from "./keeper";
export type { ModuleManager } from "./expected-keepers";
export { upgradeErrors } from "./errors";

/**
 * cosmos.upgrade.v1beta1: software-upgrade plans through governance, the halt at the plan's
 * height, the registered handlers (migrations) of the next binary. No genesis section: as in
 * the SDK, plans are not exported and the version map is set by InitChain.
 */
export function createUpgradeModule(deps: {
  modules: ModuleManager;
  upgrades: readonly UpgradeDef[];
  onUpgradeNeeded?: (plan: Plan) => void;
}): Module & { keeper: UpgradeKeeper } {
  const keeper = new UpgradeKeeper(deps.modules, deps.upgrades, deps.onUpgradeNeeded);
  return {
    name: UPGRADE_MODULE,
    keeper,
    msgs: upgradeMsgs(keeper),
    queries: upgradeQueries(keeper),
    preBlock: (ctx) => keeper.preBlock(ctx),
    simulation: upgradeSimulation(keeper),
  };
}
