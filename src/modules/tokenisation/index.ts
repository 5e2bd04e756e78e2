import type { Module } from "../../types/module";
import type { BankKeeper, EscrowAccounts, LandKeeper } from "./expected-keepers";
import { tokenisationGenesis } from "./genesis";
import { TOKENISATION_MODULE, TokenisationKeeper } from "./keeper";
import { migrateTokenisationV2ToV3 } from "./migrations";
import { tokenisationMsgs } from "./msgs";
import { tokenisationQueries } from "./queries";
import { tokenisationSimulation } from "./simulation";

export { TokenisationKeeper, TOKENISATION_MODULE, FRACTION_DENOM_PREFIX, LEGACY_FRACTION_DENOM_PREFIX, fractionDenom } from "./keeper";
export { tokenisationErrors } from "./errors";
export { addSimCollections } from "./simulation";
export type { BankKeeper as TokenisationBankKeeper, LandKeeper as TokenisationLandKeeper } from "./expected-keepers";

/**
 * Titles, share vehicles over them (a parcel's through land's permission) and their income.
 * Its send restriction settles income positions before any share-denom balance moves,
 * whatever path moves it.
 */
export function createTokenisationModule(deps: {
  bank: BankKeeper;
  land: LandKeeper;
  escrows: EscrowAccounts;
}): Module & { keeper: TokenisationKeeper } {
  const keeper = new TokenisationKeeper(deps.bank, deps.land, deps.escrows);
  return {
    name: TOKENISATION_MODULE,
    keeper,
    // 2: share denoms `tok/<id>/<symbol>` recognised by lookup; per-parcel issued shares stored.
    // 3: holder slots and share states stored as proto messages.
    consensusVersion: 3,
    migrations: [
      { from: 1, migrate: (ctx) => keeper.rebuildParcelShareIssued(ctx) },
      { from: 2, migrate: (ctx) => migrateTokenisationV2ToV3(ctx, keeper) },
    ],
    hooks: { sendRestriction: (ctx, from, to, coins) => keeper.beforeSend(ctx, from, to, coins) },
    bindFreezeGuard: (guard) => {
      keeper.freeze = guard;
    },
    msgs: tokenisationMsgs(keeper),
    queries: tokenisationQueries(keeper),
    genesis: tokenisationGenesis(keeper),
    moduleAccounts: [{ name: TOKENISATION_MODULE, permissions: ["minter", "burner"] }],
    simulation: tokenisationSimulation(keeper),
  };
}
