import type { Module } from "../../types/module";
import { aliasGenesis } from "./genesis";
import { AliasKeeper, type AliasDeps } from "./keeper";
import { migrateAliasV1ToV2 } from "./migrations";
import { aliasMsgs } from "./msgs";
import { aliasQueries } from "./queries";
import { aliasSimulation } from "./simulation";

export { AliasKeeper, CHAIN_WIDE, FOUNDATION_CODE, checkOfficeShape, signaturesNeeded, type AliasDeps } from "./keeper";
export { aliasErrors } from "./errors";
export type { ConstitutionKeeper, GroupKeeper, PaymsgKeeper } from "./expected-keepers";

export const ALIAS_MODULE = "alias";

/**
 * The alias module. Its keepers are optional: without a group keeper a shaped grant never
 * holds (and a new one is refused with ErrNoScopeKeeper); without paymsg only governance and
 * foundation administrators record jurisdictions; without constitution there is no foundation
 * signer. A keeper created later (a module that itself reads alias) is bound with keeper.bind.
 */
export function createAliasModule(deps: AliasDeps = {}): Module & { keeper: AliasKeeper } {
  const keeper = new AliasKeeper(deps);
  return {
    name: ALIAS_MODULE,
    keeper,
    // 2: identifiers derived from SHA-256(country ‖ address ‖ nonce) with a mod-32 check character.
    consensusVersion: 2,
    migrations: [{ from: 1, migrate: (ctx) => migrateAliasV1ToV2(ctx, keeper) }],
    msgs: aliasMsgs(keeper),
    queries: aliasQueries(keeper),
    genesis: aliasGenesis(keeper),
    simulation: aliasSimulation(keeper),
  };
}
