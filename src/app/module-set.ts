import type { ConsensusParams } from "cosmjs-types/tendermint/types/params";
import type { Context } from "../types/context";
import type { Module, ValidatorUpdate } from "../types/module";
import type { AnteAccountKeeper, AnteBankKeeper, AnteFeeGrantKeeper } from "./tx/ante";

/**
 * What the app needs from the composed modules (built in modules.ts): the modules in
 * registration order, the block and genesis orders, and the keepers the tx pipeline uses.
 */
export interface ModuleSet {
  modules: Module[];
  /** Modules with a preBlock (x/upgrade), run before every begin blocker. */
  preBlockOrder: Module[];
  beginBlockOrder: Module[];
  endBlockOrder: Module[];
  initGenesisOrder: Module[];
  accounts: AnteAccountKeeper;
  bank: AnteBankKeeper;
  feeGrant?: AnteFeeGrantKeeper;
  /** Module account that receives fees. */
  feeCollector: string;
  /** The chain's fee (and bond) denom. */
  feeDenom: string;
  /** The gentxs in the decoded genesis sections (genutil), delivered after every InitGenesis. */
  genesisTxs?(decoded: ReadonlyMap<string, unknown>): Uint8Array[];
  /** Validators that genesis (gentxs) bonded, returned from InitChain. */
  genesisValidators?(ctx: Context): ValidatorUpdate[];
  /** After InitGenesis: stores the module version map (x/upgrade; the SDK's InitChainer step). */
  initVersionMap?(ctx: Context): void;
  /** Gives the consensus module the params InitChain stored (kept by the app outside state). */
  bindGenesisConsensusParams?(get: () => ConsensusParams | undefined): void;
  /** Consensus params governance changed in this block, for FinalizeBlock's consensus_param_updates. */
  consensusParamUpdates?(ctx: Context): ConsensusParams | undefined;
}
