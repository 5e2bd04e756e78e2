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
];
