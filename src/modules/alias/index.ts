import type { Module } from "../../types/module";
import { aliasGenesis } from "./genesis";
import { AliasKeeper, type AliasDeps } from "./keeper";
import { migrateAddressKeys, migrateAliasV1ToV2 } from "./migrations";
import { aliasMsgs } from "./msgs";
import { aliasQueries } from "./queries";
import { aliasSimulation } from "./simulation";

export { CHAIN_WIDE, FOUNDATION_CODE } from "./fields";
export { AliasKeeper, checkOfficeShape, signaturesNeeded, type AliasDeps } from "./keeper";
export { aliasErrors } from "./errors";
export type { ConstitutionKeeper, GroupKeeper, PaymsgKeeper } from "./expected-keepers";

export const ALIAS_MODULE = "alias";

/**
 * The alias module: identifiers, jurisdictions, viewing keys, regulators, auditors and roles.
 * It reads group (role holders are group policies meeting their shape), paymsg (onboarding
 * participants record their customers' jurisdictions) and constitution (the foundation signer).
 */
export function createAliasModule(deps: AliasDeps): Module & { keeper: AliasKeeper } {
  const keeper = new AliasKeeper(deps);
  return {
    name: ALIAS_MODULE,
    keeper,
    // 2: identifiers derived from SHA-256(country ‖ address ‖ nonce) with a mod-32 check character.
    // 3: addresses in keys are address bytes; the indexes are declared with their maps.
    consensusVersion: 3,
    migrations: [
      { from: 1, migrate: (ctx) => migrateAliasV1ToV2(ctx, keeper) },
      { from: 2, migrate: (ctx) => migrateAddressKeys(ctx, keeper) },
    ],
    msgs: aliasMsgs(keeper),
    queries: aliasQueries(keeper),
    genesis: aliasGenesis(keeper),
    simulation: aliasSimulation(keeper),
  };
}
