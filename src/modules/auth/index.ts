import type { Module } from "../../types/module";
import { authGenesis } from "./genesis";
import { AuthKeeper } from "./keeper";
import { authMsgs } from "./msgs";
import { authQueries } from "./queries";

export { AuthKeeper } from "./keeper";

export function createAuthModule(): Module & { keeper: AuthKeeper } {
  const keeper = new AuthKeeper();
  return {
    name: "auth",
    keeper,
    msgs: authMsgs(keeper),
    queries: authQueries(keeper),
    genesis: authGenesis(keeper),
    moduleAccounts: [{ name: "fee_collector", permissions: [] }],
  };
}
