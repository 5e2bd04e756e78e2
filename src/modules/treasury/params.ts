import type { Params } from "../../gen/blockchain/treasury/v1/params";
import { treasuryErrors } from "./errors";

/** The chain's defaults and limits. */
export function defaultTreasuryParams(): Params {
  return {
    maxLocksPerTreasury: 500n,
    maxRoleAssignmentsPerTreasury: 100n,
    minLockSeconds: 60n,
    maxSpendPolicyAddresses: 200n,
    feeOperatingTreasuryId: 0n,
    routeFeesToOperatingTreasury: false,
  };
}

/** Routing fees needs a named treasury; every limit must be positive (zero is refused, not read as "no limit"). */
export function validateTreasuryParams(p: Params): Params {
  if (p.routeFeesToOperatingTreasury && p.feeOperatingTreasuryId === 0n) {
    throw treasuryErrors.ErrInvalidParams.wrap("route_fees_to_operating_treasury needs a fee_operating_treasury_id");
  }
  if (p.maxLocksPerTreasury === 0n) throw treasuryErrors.ErrInvalidParams.wrap("max_locks_per_treasury must be positive");
  if (p.maxRoleAssignmentsPerTreasury === 0n)
    throw treasuryErrors.ErrInvalidParams.wrap("max_role_assignments_per_treasury must be positive");
  if (p.minLockSeconds === 0n) throw treasuryErrors.ErrInvalidParams.wrap("min_lock_seconds must be positive");
  if (p.maxSpendPolicyAddresses === 0n) throw treasuryErrors.ErrInvalidParams.wrap("max_spend_policy_addresses must be positive");
  return p;
}
