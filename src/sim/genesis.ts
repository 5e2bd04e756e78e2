import { Params as GovParams } from "cosmjs-types/cosmos/gov/v1/gov";
import { buildDevGenesis, ed25519PubKey } from "../abci/dev/genesis";
import type { GenesisDoc } from "../abci/genesis-doc";
import type { ModuleSet } from "../app/module-set";
import { Secp256k1Key } from "../client/signer";
import { binaryToJson } from "../codec/proto-json";
import { devGovParams } from "../modules/gov/params";
import { admitInGenesisJson } from "../modules/validatorgov";

export const SIM_CHAIN_ID = "sim-chain";
export const SIM_DENOM = "uyml";
/** Each simulated account's genesis balance: enough for fees and deposits over a long run. */
const ACCOUNT_FUNDS = "1000000000000000";
/** Staking unbonding in the simulation: an hour, so unbondings complete within a run. */
const SIM_UNBONDING = "3600s";
/** Declared jurisdictions of the admitted operators (two share one), so concentration epochs demote and restore. */
const SIM_JURISDICTIONS = ["DE", "FR", "US", "DE", "GB", "NL", "JP", "SG"];

export interface SimAccount {
  key: Secp256k1Key;
  address: string;
}

export function simAccounts(n: number): SimAccount[] {
  return Array.from({ length: n }, (_, i) => {
    const key = Secp256k1Key.fromSeed(`sim-account/${i}`);
    return { key, address: key.address };
  });
}

/** The ed25519 consensus key of simulated validator `i` (0 is the genesis validator). */
export function simConsensusKey(i: number): Uint8Array {
  const seed = new Uint8Array(32);
  new DataView(seed.buffer).setUint32(0, i + 1);
  seed[31] = 0x5a;
  return ed25519PubKey(seed);
}

/**
 * Genesis of a simulated chain: every account funded, account 0 operating the genesis
 * validator, the first `admitted` accounts admitted by validatorgov (so they may create
 * validators), short gov and unbonding periods so proposals and unbondings complete.
 */
export function simGenesis(modules: ModuleSet, accounts: readonly SimAccount[], admitted: number): GenesisDoc {
  const seed = new Uint8Array(32);
  new DataView(seed.buffer).setUint32(0, 1);
  seed[31] = 0x5a;
  return buildDevGenesis(modules, {
    chainId: SIM_CHAIN_ID,
    genesisTime: "2026-01-01T00:00:00Z",
    accounts: accounts.map((a) => ({ address: a.address, coins: [{ denom: SIM_DENOM, amount: ACCOUNT_FUNDS }] })),
    validatorSeed: seed,
    validatorOperator: accounts[0].address,
    validatorSelfBond: "100000000000",
    mutate: (appState) => {
      appState.gov.params = binaryToJson("cosmos.gov.v1.Params", GovParams.encode(devGovParams()).finish());
      appState.staking.params.unbonding_time = SIM_UNBONDING;
      accounts.slice(1, admitted + 1).forEach((a, i) => admitInGenesisJson(appState, a.address, SIM_JURISDICTIONS[i % SIM_JURISDICTIONS.length]));
      // Liveness over a 20-block window and a one-minute downtime jail, so validators the
      // simulation leaves out of the last commit are jailed and may un-jail within a run.
      Object.assign(appState.slashing.params, { signed_blocks_window: "20", downtime_jail_duration: "60s" });
      // Rotations, recoveries and amendments complete within a run.
      Object.assign(appState.validatorgov.params, { planned_rotation_delay_blocks: "20", recovery_challenge_window_blocks: "30" });
      Object.assign(appState.constitution.invariants, { amendment_delay_blocks: "30" });
    },
  });
}
