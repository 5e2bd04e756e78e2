import type { Module } from "../../types/module";
import { stablecoinGenesis } from "./genesis";
import { STABLECOIN_MODULE, StablecoinKeeper } from "./keeper";
import { stablecoinMsgs } from "./msgs";
import { stablecoinQueries } from "./queries";
import { stablecoinSimulation } from "./simulation";
import type { BankKeeper } from "./expected-keepers";

export { StablecoinKeeper, ApplicationStatus, STABLECOIN_MODULE } from "./keeper";
export { stablecoinErrors } from "./errors";

export function createStablecoinModule(deps: { bank: BankKeeper; feeDenom: string }): Module & { keeper: StablecoinKeeper } {
  const keeper = new StablecoinKeeper(deps.bank, deps.feeDenom);
  return {
    name: STABLECOIN_MODULE,
    keeper,
    msgs: stablecoinMsgs(keeper),
    queries: stablecoinQueries(keeper),
    genesis: stablecoinGenesis(keeper, deps.bank),
    moduleAccounts: [{ name: STABLECOIN_MODULE, permissions: ["minter", "burner"] }],
    // A fee in a denomination without an approved issuer is refused before the fee is priced or deducted.
    feeCheck: (ctx, tx) => keeper.checkFeeDenoms(ctx, tx.fee),
    // A frozen issuer neither mints nor burns.
    bindFreezeGuard: (guard) => {
      keeper.freeze = guard;
    },
    simulation: stablecoinSimulation(keeper),
  };
}
