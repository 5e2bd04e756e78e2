import { Appraiser, ExchangeRateVotes, FeederDelegation, MissCounter } from "../../gen/blockchain/oracle/v1/oracle";
import { protoValue, stringKey } from "../../store/codecs";
import type { Context } from "../../types/context";
import { legacyAccAddressText, moveOldEntries } from "../../types/layout-migration";
import type { OracleKeeper } from "./keeper";

/**
 * 1 → 2: the validator keying the round's votes (byte 3), feeder delegations (byte 4) and miss
 * counters (byte 5), and the appraiser's address (byte 6), are stored as address bytes, not
 * bech32 text. Records are unchanged.
 */
export function migrateToV2(ctx: Context, k: OracleKeeper): void {
  const P = "oracle/";
  moveOldEntries(ctx, P, 3, stringKey, protoValue(ExchangeRateVotes, "ExchangeRateVotes"), (v, votes) => k.votes.set(ctx, v, votes));
  moveOldEntries(ctx, P, 4, stringKey, protoValue(FeederDelegation, "FeederDelegation"), (v, f) => k.feeders.set(ctx, v, f));
  moveOldEntries(ctx, P, 5, stringKey, protoValue(MissCounter, "MissCounter"), (v, m) => k.misses.set(ctx, v, m));
  moveOldEntries(ctx, P, 6, legacyAccAddressText, protoValue(Appraiser, "Appraiser"), (a, appraiser) =>
    k.appraisers.set(ctx, a, appraiser),
  );
}
