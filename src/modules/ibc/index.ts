/**
 * IBC core (ibc-go v10's `ibc` module): ICS-02 clients with the 07-tendermint light client so
 * far, its state at ICS-24 paths in the `ibc` store.
 */
import type { Module } from "../../types/module";
import { ibcChannelMsgs } from "./channel-msgs";
import { ibcChannelQueries } from "./channel-queries";
import { ibcConnectionMsgs } from "./connection-msgs";
import { ibcConnectionQueries } from "./connection-queries";
import { ibcGenesis } from "./genesis";
import { IBC_MODULE, IbcKeeper } from "./keeper";
import { ibcClientMsgs } from "./msgs";
import { ibcClientQueries } from "./queries";

export { IbcKeeper, IBC_MODULE } from "./keeper";
export { ClientKeeper, type MembershipArgs, type Status } from "./clients";
export { clientErrors, commitmentErrors, ibcErrors } from "./errors";
export { hostErrors, hostPaths } from "./host";
export { ChannelKeeper } from "./channels";
export { ConnectionKeeper } from "./connections";
export type { IbcApp, RecvResult } from "./ports";

export function createIbcModule(): Module & { keeper: IbcKeeper } {
  const keeper = new IbcKeeper();
  return {
    name: IBC_MODULE,
    keeper,
    msgs: [...ibcClientMsgs(keeper), ...ibcConnectionMsgs(keeper), ...ibcChannelMsgs(keeper)],
    queries: [...ibcClientQueries(keeper), ...ibcConnectionQueries(keeper), ...ibcChannelQueries(keeper)],
    genesis: ibcGenesis(keeper),
  };
}
