import { Params as GovParams } from "cosmjs-types/cosmos/gov/v1/gov";
import { binaryToJson } from "../codec/proto-json";
import { devGovParams } from "../modules/gov/params";

/** Staking unbonding on dev chains: a minute, so undelegations can be watched complete. */
const DEV_UNBONDING = "60s";
/** Enforcement on dev chains (pinned by the constitution): cases decided within ~20 blocks. */
const DEV_ENFORCEMENT_VOTING_BLOCKS = "20";
const DEV_ENFORCEMENT_PROVISIONAL_FREEZE_BLOCKS = "40";

/**
 * Dev chain and localnet genesis use periods of seconds (gov deposit/voting, staking
 * unbonding, enforcement voting) so a proposal, an unbonding or a case completes while
 * someone is watching. Amendments keep the constitution's floor on their delay. A genesis
 * without a foundation gets the dev custodians' group as its recovery destination.
 */
export function applyDevPeriods(appState: Record<string, any>): void {
  if (appState.gov) appState.gov.params = binaryToJson("cosmos.gov.v1.Params", GovParams.encode(devGovParams()).finish());
  if (appState.staking?.params) appState.staking.params.unbonding_time = DEV_UNBONDING;
  const inv = appState.constitution?.invariants;
  if (inv) {
    inv.enforcement_voting_period_blocks = DEV_ENFORCEMENT_VOTING_BLOCKS;
    inv.enforcement_provisional_freeze_blocks = DEV_ENFORCEMENT_PROVISIONAL_FREEZE_BLOCKS;
  }
}
