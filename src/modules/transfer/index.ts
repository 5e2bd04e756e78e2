/**
 * ICS-20 fungible token transfer (ibc-go v10's `transfer` module, v1 channels, version
 * "ics20-1"). The app binds `app` on IBC core's port router under port "transfer".
 */
import type { Module } from "../../types/module";
import type { BankKeeper, ChannelKeeper, IbcApp } from "./expected-keepers";
import { transferGenesis } from "./genesis";
import { transferIbcApp } from "./ibc-module";
import { TRANSFER_MODULE, TransferKeeper } from "./keeper";
import { transferMsgs } from "./msgs";
import { transferQueries } from "./queries";
import { transferSimulation } from "./simulation";

export { TransferKeeper, TRANSFER_MODULE, TRANSFER_PORT } from "./keeper";
export { transferErrors } from "./errors";

export function createTransferModule(deps: {
  bank: BankKeeper;
  channels: ChannelKeeper;
}): Module & { keeper: TransferKeeper; app: IbcApp } {
  const keeper = new TransferKeeper(deps.bank, deps.channels);
  return {
    name: TRANSFER_MODULE,
    keeper,
    app: transferIbcApp(keeper),
    msgs: transferMsgs(keeper),
    queries: transferQueries(keeper),
    genesis: transferGenesis(keeper),
    // Mints vouchers as they arrive and burns them as they go home.
    moduleAccounts: [{ name: TRANSFER_MODULE, permissions: ["minter", "burner"] }],
    simulation: transferSimulation(keeper),
  };
}
