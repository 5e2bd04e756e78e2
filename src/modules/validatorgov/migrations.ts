import { ApprovedValidator } from "../../gen/blockchain/validatorgov/v1/approved_validator";
import { Demotion } from "../../gen/blockchain/validatorgov/v1/concentration";
import { ValidatorApplication } from "../../gen/blockchain/validatorgov/v1/validator_application";
import { protoValue, uint64Value } from "../../store/codecs";
import { lastIdToNextId } from "../../store/layout-migration";
import type { Context } from "../../types/context";
import { legacyAccAddressText, moveOldEntries } from "../../types/layout-migration";
import type { ValidatorgovKeeper } from "./keeper";

/**
 * 1 → 2: operator addresses in keys are their bytes (applications, approvals, demotions and
 * the pending-rotation index), no longer their bech32 text; the rotation counter holds the
 * next id instead of the last one given (+1). The completion queue keeps its bytes: it is now
 * declared as an index of the rotations.
 */
export function migrateValidatorgovV1ToV2(ctx: Context, k: ValidatorgovKeeper): void {
  moveOldEntries(ctx, "validatorgov/", 2, legacyAccAddressText, protoValue(ValidatorApplication, "ValidatorApplication"), (a, v) =>
    k.applications.set(ctx, a, v),
  );
  moveOldEntries(ctx, "validatorgov/", 3, legacyAccAddressText, protoValue(ApprovedValidator, "ApprovedValidator"), (a, v) =>
    k.approved.set(ctx, a, v),
  );
  moveOldEntries(ctx, "validatorgov/", 8, legacyAccAddressText, protoValue(Demotion, "Demotion"), (a, d) => k.demotions.set(ctx, a, d));
  // Derived from the rotations: the old entries go and each pending rotation indexes itself again.
  moveOldEntries(ctx, "validatorgov/", 6, legacyAccAddressText, uint64Value, () => {});
  for (const [id, r] of k.rotations.iterate(ctx)) k.pendingByOperator.onSet(ctx, id, r, undefined);
  lastIdToNextId(ctx, "validatorgov/", 5);
}
