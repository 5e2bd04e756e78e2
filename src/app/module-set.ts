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
  /**
   * Gives the consensus module the params InitChain gave, as the app's meta keeps them outside
   * state: read only by the consensus module's migration into state, never by block execution.
   */
  bindGenesisConsensusParams?(get: () => ConsensusParams | undefined): void;
  /**
   * The consensus params in merkleized state (x/consensus; the SDK's baseapp ParamStore):
   * InitChain stores the genesis params there, ProcessProposal reads the block's max gas.
   */
  consensusParamStore?: ConsensusParamStore;
  /** Consensus params governance changed in this block, for FinalizeBlock's consensus_param_updates. */
  consensusParamUpdates?(ctx: Context): ConsensusParams | undefined;
}

/** x/consensus's params as the app reads and seeds them. */
export interface ConsensusParamStore {
  getParams(ctx: Context): ConsensusParams | undefined;
  /** InitChain's params, stored at genesis (no FinalizeBlock update follows: CometBFT has them). */
  initParams(ctx: Context, params: ConsensusParams): void;
}
