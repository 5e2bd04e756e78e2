import type { Module } from "../../types/module";
import { slashingGenesis } from "./genesis";
import { SlashingKeeper } from "./keeper";
import { slashingMsgs } from "./msgs";
import { slashingQueries } from "./queries";
import { slashingSimulation } from "./simulation";
import type { StakingKeeper } from "./expected-keepers";

export { SlashingKeeper, DOUBLE_SIGN_JAIL_END } from "./keeper";
export { slashingErrors } from "./errors";
export { decBytes } from "./params";

/** x/slashing: liveness (downtime jail and slash), signing infos, MsgUnjail; double signing arrives through evidence. */
export function createSlashingModule(deps: { staking: StakingKeeper }): Module & { keeper: SlashingKeeper } {
  const keeper = new SlashingKeeper(deps.staking);
  return {
    name: "slashing",
    keeper,
    msgs: slashingMsgs(keeper),
    queries: slashingQueries(keeper),
    genesis: slashingGenesis(keeper),
    beginBlock: (ctx) => keeper.beginBlock(ctx),
    hooks: { staking: { afterValidatorBonded: (ctx, consAddr) => keeper.afterValidatorBonded(ctx, consAddr) } },
    simulation: slashingSimulation(keeper),
  };
}
