import type { Module } from "../../types/module";
import type { BankKeeper, LandKeeper } from "./expected-keepers";
import { tokenisationGenesis } from "./genesis";
import { TOKENISATION_MODULE, TokenisationKeeper } from "./keeper";
import { tokenisationMsgs } from "./msgs";
import { tokenisationQueries } from "./queries";

export { TokenisationKeeper, TOKENISATION_MODULE, FRACTION_DENOM_PREFIX, fractionDenom } from "./keeper";
export { tokenisationErrors } from "./errors";
export type { BankKeeper as TokenisationBankKeeper, LandKeeper as TokenisationLandKeeper } from "./expected-keepers";

/**
 * `land` is optional: without a land registry an asset naming a parcel is refused
 * (ErrNoLandRegistry). `sendHook` must be registered with bank as a send restriction
 * (src/app/modules.ts): it settles income positions before any share-denom balance moves.
 */
export function createTokenisationModule(deps: { bank: BankKeeper; land?: LandKeeper }): Module & {
  keeper: TokenisationKeeper;
  sendHook: TokenisationKeeper["beforeSend"];
} {
  const keeper = new TokenisationKeeper(deps.bank, deps.land);
  return {
    name: TOKENISATION_MODULE,
    keeper,
    sendHook: (ctx, from, to, coins) => keeper.beforeSend(ctx, from, to, coins),
    msgs: tokenisationMsgs(keeper),
    queries: tokenisationQueries(keeper),
    genesis: tokenisationGenesis(keeper),
    moduleAccounts: [{ name: TOKENISATION_MODULE, permissions: ["minter", "burner"] }],
  };
}
