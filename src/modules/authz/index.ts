import type { Module, MsgRouter } from "../../types/module";
import { authzGenesis } from "./genesis";
import { AuthzKeeper } from "./keeper";
import { authzMsgs } from "./msgs";
import { authzQueries } from "./queries";
import { authzSimulation } from "./simulation";
import type { AccountKeeper } from "./expected-keepers";

export { AuthzKeeper, MAX_EXEC_DEPTH, type StoredGrant } from "./keeper";
export type { AcceptResponse, AuthorizationType } from "./authorizations";
export { authzErrors } from "./errors";

export function createAuthzModule(deps: { accounts: AccountKeeper }): Module & { keeper: AuthzKeeper } {
  const keeper = new AuthzKeeper(deps.accounts);
  let router: MsgRouter | undefined;
  return {
    name: "authz",
    keeper,
    msgs: authzMsgs(keeper, () => router),
    queries: authzQueries(keeper),
    genesis: authzGenesis(keeper),
    beginBlock: (ctx) => keeper.beginBlock(ctx),
    simulation: authzSimulation(keeper),
    bindRouter(r) {
      router = r;
      keeper.bindRouter(r);
    },
  };
}
