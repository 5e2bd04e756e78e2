import type { Module } from "../../types/module";
import type { ConsensusKeeper, SlashingKeeper, StakingKeeper } from "./expected-keepers";
import { evidenceGenesis } from "./genesis";
import { EvidenceKeeper } from "./keeper";
import { evidenceMsgs } from "./msgs";
import { evidenceQueries } from "./queries";
import { evidenceSimulation } from "./simulation";

export { EvidenceKeeper } from "./keeper";
export { evidenceErrors } from "./errors";
export { evidenceHash, packEquivocation, EQUIVOCATION_URL } from "./equivocation";

/** x/evidence (cosmos.evidence.v1beta1): CometBFT's equivocation evidence punished at BeginBlock, kept and queryable. */
export function createEvidenceModule(deps: {
  staking: StakingKeeper;
  slashing: SlashingKeeper;
  consensus: ConsensusKeeper;
}): Module & { keeper: EvidenceKeeper } {
  const keeper = new EvidenceKeeper(deps.staking, deps.slashing, deps.consensus);
  return {
    name: "evidence",
    keeper,
    msgs: evidenceMsgs(keeper),
    queries: evidenceQueries(keeper),
    genesis: evidenceGenesis(keeper),
    beginBlock: (ctx) => keeper.beginBlock(ctx),
    simulation: evidenceSimulation(keeper),
  };
}
