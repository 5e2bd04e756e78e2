import { Attestation, ReserveReport } from "../../gen/blockchain/custody/v1/custody";
import { emptyValue, pairKey, protoValue, stringKey, tripleKey } from "../../store/codecs";
import type { Context } from "../../types/context";
import { legacyAccAddressText, moveOldEntries } from "../../types/layout-migration";
import type { CustodyKeeper } from "./keeper";

/**
 * 1 → 2: redemption ids `r<n>`, bounded params, stored published reserves. The reserves are
 * published from the attestors and reports, which it reads in the current layout: their keys
 * move first (migrateAddressKeys finds nothing left to move afterwards).
 */
export function migrateCustodyV1ToV2(ctx: Context, k: CustodyKeeper): void {
  migrateAddressKeys(ctx, k);
  k.migrateToV2(ctx);
}

/**
 * 2 → 3: attestor addresses in keys are their bytes (the attestor register, each deposit's
 * attestations and each asset's reserve reports), no longer their bech32 text.
 */
export function migrateAddressKeys(ctx: Context, k: CustodyKeeper): void {
  moveOldEntries(ctx, "custody/", 3, legacyAccAddressText, emptyValue, (attestor) => k.attestors.set(ctx, attestor));
  moveOldEntries(
    ctx,
    "custody/",
    5,
    tripleKey(stringKey, stringKey, legacyAccAddressText),
    protoValue(Attestation, "Attestation"),
    (key, a) => k.attestations.set(ctx, key, a),
  );
  moveOldEntries(ctx, "custody/", 9, pairKey(stringKey, legacyAccAddressText), protoValue(ReserveReport, "ReserveReport"), (key, r) =>
    k.reserveReports.set(ctx, key, r),
  );
}
