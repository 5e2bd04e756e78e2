import { Params as GovParams } from "cosmjs-types/cosmos/gov/v1/gov";
import { binaryToJson } from "../codec/proto-json";
import { devGovParams } from "../modules/gov/params";

/** Staking unbonding on dev chains: a minute, so undelegations can be watched complete. */
const DEV_UNBONDING = "60s";

/**
 * Dev chain and localnet genesis use periods of seconds (gov deposit/voting, staking
 * unbonding) so a proposal or an unbonding completes while someone is watching.
 */
export function applyDevPeriods(appState: Record<string, any>): void {
  if (appState.gov) appState.gov.params = binaryToJson("cosmos.gov.v1.Params", GovParams.encode(devGovParams()).finish());
  if (appState.staking?.params) appState.staking.params.unbonding_time = DEV_UNBONDING;
}
