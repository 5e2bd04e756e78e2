import type { Module } from "../../types/module";
import { distributionGenesis } from "./genesis";
import { distributionStakingHooks } from "./hooks";
import { DistributionKeeper } from "./keeper";
import { distributionMsgs } from "./msgs";
import { DISTRIBUTION_MODULE } from "./params";
import { distributionQueries } from "./queries";
import { distributionSimulation } from "./simulation";
import type { AccountKeeper, BankKeeper, StakingKeeper } from "./expected-keepers";

export { DistributionKeeper } from "./keeper";
export { distributionErrors } from "./errors";
export { DISTRIBUTION_MODULE, defaultDistributionParams } from "./params";

/** Cosmos SDK v0.50 x/distribution: fees to the validators that signed, commission, F1 delegator rewards, community pool. */
export function createDistributionModule(deps: {
  bank: BankKeeper;
  auth: AccountKeeper;
  staking: StakingKeeper;
  feeCollector: string;
}): Module & { keeper: DistributionKeeper } {
  const keeper = new DistributionKeeper(deps.bank, deps.auth, deps.staking, deps.feeCollector);
  return {
    name: DISTRIBUTION_MODULE,
    keeper,
    msgs: distributionMsgs(keeper),
    queries: distributionQueries(keeper),
    genesis: distributionGenesis(keeper),
    moduleAccounts: [{ name: DISTRIBUTION_MODULE, permissions: [] }],
    beginBlock: (ctx) => keeper.beginBlock(ctx),
    hooks: { staking: distributionStakingHooks(keeper) },
    // Payouts to a frozen owner are not redirected to its withdraw address (keeper.payoutAddress).
    bindFreezeGuard: (guard) => {
      keeper.freeze = guard;
    },
    simulation: distributionSimulation(keeper),
  };
}
