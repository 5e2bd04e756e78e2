import type { UpgradeDef } from "../modules/upgrade";

/**
 * The software upgrades this binary can apply, by plan name (the SDK's SetUpgradeHandler calls
 * in app.go). A release that answers a governance plan adds its entry here; without a
 * handler the entry runs every module's registered migrations. Entries stay after they ran:
 * a binary missing the last applied upgrade refuses to start (a downgrade).
 */
export const CHAIN_UPGRADES: readonly UpgradeDef[] = [
  // x/consensus 1 → 2: the consensus params move into merkleized state.
  { name: "v0.2-hostile-users" },
  // The conformance release: x/tokenisation 1 → 2 (per-parcel issued-share counter), x/land
  // 1 → 2 (stamps on records become block heights), x/custody 1 → 2 (redemption ids r<n>,
  // bounded params, stored published reserves), x/alias 1 → 2 (identifiers under the new check
  // rule; payload length within 8..16). Behaviour changes of validatorgov, constitution,
  // enforcement, treasury, netting and oracle need no migration but ride with this binary.
  { name: "v0.3-conformance" },
  // One convention per concern: modules whose stored layout changed (id counters become
  // sequences, address key parts become address bytes, values become proto) migrate to their
  // next consensus version; each module's migrations.ts says what moves.
  { name: "v0.4-conventions" },
];
