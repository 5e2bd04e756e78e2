import type { Appraisal } from "../../gen/blockchain/oracle/v1/oracle";
import type { Context } from "../../types/context";

/**
 * Plain Cosmos events: oracle has no events.proto (docs/wire/fields-part-a.md). Attribute names are
 * the proto field names.
 */
export const oracleEvents = {
  feederDelegated(ctx: Context, validator: string, feeder: string): void {
    ctx.events.emit("oracle_feeder_delegated", { validator, feeder });
  },
  ratesSubmitted(ctx: Context, validator: string, feeder: string, denoms: string[]): void {
    ctx.events.emit("oracle_rates_submitted", { validator, feeder, denoms: denoms.join(",") });
  },
  rateAgreed(ctx: Context, denom: string, rate: string, votingPowerBps: bigint): void {
    ctx.events.emit("oracle_rate_agreed", { denom, rate, voting_power_bps: votingPowerBps.toString(), height: ctx.height.toString() });
  },
  rateNotAgreed(ctx: Context, denom: string, votingPowerBps: bigint): void {
    ctx.events.emit("oracle_rate_not_agreed", { denom, voting_power_bps: votingPowerBps.toString(), height: ctx.height.toString() });
  },
  appraiserApplied(ctx: Context, address: string): void {
    ctx.events.emit("oracle_appraiser_applied", { address });
  },
  appraiserDecided(ctx: Context, address: string, approved: boolean, classIds: string[]): void {
    ctx.events.emit("oracle_appraiser_decided", { address, approved: String(approved), class_ids: classIds.join(",") });
  },
  appraiserRevoked(ctx: Context, address: string, reason: string): void {
    ctx.events.emit("oracle_appraiser_revoked", { address, reason });
  },
  appraisalSubmitted(ctx: Context, a: Appraisal): void {
    ctx.events.emit("oracle_appraisal_submitted", {
      class_id: a.classId,
      nft_id: a.nftId,
      appraiser: a.appraiser,
      value: a.value,
      value_denom: a.valueDenom,
      valued_at: a.valuedAt.toString(),
    });
  },
};
