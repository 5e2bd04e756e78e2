import type { Module } from "../../types/module";
import { enforcementEndBlock } from "./blocker";
import { enforcementGenesis } from "./genesis";
import { ENFORCEMENT_MODULE, EnforcementKeeper, type EnforcementDeps } from "./keeper";
import { enforcementMsgs } from "./msgs";
import { enforcementQueries } from "./queries";

export { EnforcementKeeper, ENFORCEMENT_MODULE, type EnforcementDeps } from "./keeper";
export { enforcementErrors } from "./errors";
export type { AliasKeeper, BankKeeper as EnforcementBankKeeper, ConstitutionKeeper, StakingKeeper as EnforcementStakingKeeper } from "./expected-keepers";

/**
 * The enforcement module. `sendRestriction` is what the app registers with bank
 * (src/app/modules.ts) so the freeze holds on every coin path.
 */
export function createEnforcementModule(deps: EnforcementDeps): Module & { keeper: EnforcementKeeper; sendRestriction: EnforcementKeeper["sendRestriction"] } {
  const keeper = new EnforcementKeeper(deps);
  return {
    name: ENFORCEMENT_MODULE,
    keeper,
    sendRestriction: keeper.sendRestriction,
    msgs: enforcementMsgs(keeper),
    queries: enforcementQueries(keeper),
    genesis: enforcementGenesis(keeper),
    endBlock: (ctx) => enforcementEndBlock(keeper, ctx),
  };
}

