import type { Module } from "../../types/module";
import { slashingGenesis } from "./genesis";
import { SlashingKeeper } from "./keeper";
import { slashingMsgs } from "./msgs";
import { slashingQueries } from "./queries";
import type { StakingKeeper } from "./expected-keepers";

export { SlashingKeeper } from "./keeper";
export { slashingErrors } from "./errors";

/** Only MsgUnjail and the read side: this chain has no downtime or double-sign slashing. */
export function createSlashingModule(deps: { staking: StakingKeeper }): Module & { keeper: SlashingKeeper } {
  const keeper = new SlashingKeeper(deps.staking);
  return { name: "slashing", keeper, msgs: slashingMsgs(keeper), queries: slashingQueries(keeper), genesis: slashingGenesis(keeper) };
}
