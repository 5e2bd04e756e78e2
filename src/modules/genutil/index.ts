import type { Module } from "../../types/module";
import { genutilGenesis } from "./genesis";
import type { AccountKeeper, BankKeeper } from "./expected-keepers";

export { decodeGentx, gentxName, MSG_CREATE_VALIDATOR_URL, type DecodedGentx } from "./gentx";

export const GENUTIL = "genutil";

/**
 * The SDK's x/genutil: genesis validators come from gentxs, signed MsgCreateValidator txs the
 * app delivers after every module's InitGenesis (App.initChain reads them with genesisTxs).
 */
export function createGenutilModule(deps: { accounts: AccountKeeper; bank: BankKeeper }): Module {
  return { name: GENUTIL, genesis: genutilGenesis(deps.accounts, deps.bank) };
}

/** The gentxs (TxRaw bytes, in order) of a decoded genutil genesis section. */
export function genesisTxs(section: unknown): Uint8Array[] {
  return (section as { genTxs?: Uint8Array[] } | undefined)?.genTxs ?? [];
}
