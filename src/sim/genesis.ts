import { Params as GovParams } from "cosmjs-types/cosmos/gov/v1/gov";
import { buildDevGenesis, ed25519PubKey } from "../abci/dev/genesis";
import type { GenesisDoc } from "../abci/genesis-doc";
import type { ModuleSet } from "../app/module-set";
import { Secp256k1Key } from "../client/signer";
import { binaryToJson } from "../codec/proto-json";
import { devGovParams } from "../modules/gov/params";
import { enforcementSimTargets } from "../modules/enforcement";
import { admitInGenesisJson } from "../modules/validatorgov";
import { SIM_COUNTRIES } from "../modules/alias/simulation";
import { moduleAddress } from "../types/address";
import { addSimOfficeGroups } from "../modules/group";
import { addSimOffices } from "../modules/land";
import { addSimCollections } from "../modules/tokenisation";

export const SIM_CHAIN_ID = "sim-chain";
export const SIM_DENOM = "uyml";
const SIM_GENESIS_TIME = "2026-01-01T00:00:00Z";
/** The genesis validator's consensus power (its self-bond in YML). */
const GENESIS_POWER = "100000";
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
    genesisTime: SIM_GENESIS_TIME,
    accounts: [...accounts.map((a) => a.address), ...enforcementSimTargets()].map((address) => ({
      address,
      coins: [{ denom: SIM_DENOM, amount: ACCOUNT_FUNDS }],
    })),
    validatorSeed: seed,
    validatorOperator: accounts[0].address,
    validatorSelfBond: `${GENESIS_POWER}000000`,
    foundation: (createdAt) => ({ custodians: simFoundationCustodians(), threshold: 3, createdAt }),
    mutate: (appState) => {
      appState.gov.params = binaryToJson("cosmos.gov.v1.Params", GovParams.encode(devGovParams()).finish());
      appState.staking.params.unbonding_time = SIM_UNBONDING;
      accounts
        .slice(1, admitted + 1)
        .forEach((a, i) => admitInGenesisJson(appState, a.address, SIM_JURISDICTIONS[i % SIM_JURISDICTIONS.length]));
      // Liveness over a 20-block window and a one-minute downtime jail, so validators the
      // simulation leaves out of the last commit are jailed and may un-jail within a run.
      Object.assign(appState.slashing.params, { signed_blocks_window: "20", downtime_jail_duration: "60s" });
      // Rotations and recoveries complete within a run.
      Object.assign(appState.validatorgov.params, { planned_rotation_delay_blocks: "20", recovery_challenge_window_blocks: "30" });
      simNfts(appState, accounts);
      simJurisdictions(appState, accounts);
      addLandAndTokenisation(
        appState,
        accounts.map((a) => a.address),
      );
      nettingGenesis(appState, accounts);
      enforcementGenesis(appState, accounts);
      pendingAmendments(appState);
    },
  });
}

/** The foundation's five custodians (three sign): keys outside the simulated accounts, so the group stays as genesis made it. */
function simFoundationCustodians(): string[] {
  return [0, 1, 2, 3, 4].map((i) => Secp256k1Key.fromSeed(`sim-foundation/${i}`).address);
}

/**
 * An amendment's delay is at least 120,960 blocks, longer than any run: two amendments come
 * in pending (as from a chain opened long ago), due at blocks 40 and 80, so runs ratify them
 * and resolve them (enacted or lapsed) beside the ones the operations open.
 */
function pendingAmendments(appState: Record<string, any>): void {
  const section = appState.constitution;
  const amendment = (id: number, due: number, maxEntityPowerBps: string) => ({
    id: String(id),
    proposed: { ...section.invariants, max_entity_power_bps: maxEntityPowerBps },
    reason: `simulated amendment due at ${due}`,
    proposed_at_height: "0",
    effective_at_height: String(due),
    snapshot_power: GENESIS_POWER,
    ratified_power: "0",
    status: "AMENDMENT_STATUS_PENDING",
    resolved_at_height: "0",
  });
  section.amendments = [amendment(1, 40, "3000"), amendment(2, 80, "3500")];
  section.amendment_count = "2";
}

/** NFTs for the nft operations (x/nft has no mint message): one class, four NFTs per account in turn. */
function simNfts(appState: Record<string, any>, accounts: readonly SimAccount[]): void {
  const classId = "simnft";
  appState.nft.classes.push({ id: classId, name: "Simulated NFTs", symbol: "SIMNFT", description: "", uri: "", uri_hash: "" });
  accounts.forEach((a, i) => {
    const nfts = [0, 1, 2, 3].map((j) => ({ class_id: classId, id: `sim-${i}-${j}`, uri: "", uri_hash: "" }));
    appState.nft.entries.push({ owner: a.address, nfts });
  });
}

/** Jurisdictions (recorded by governance) for the last third of the accounts, so they may register aliases. */
function simJurisdictions(appState: Record<string, any>, accounts: readonly SimAccount[]): void {
  const section = appState.alias;
  section.jurisdictions ??= [];
  const from = Math.floor((accounts.length * 2) / 3);
  accounts.slice(from).forEach((a, i) => {
    if (section.jurisdictions.some((j: { address: string }) => j.address === a.address)) return;
    section.jurisdictions.push({
      address: a.address,
      country: SIM_COUNTRIES[i % SIM_COUNTRIES.length],
      recorded_by: moduleAddress("gov"),
      recorded_at_height: "0",
    });
  });
}

/** Registry offices operated by accounts 20–23 and tokenisation collections run by accounts 24–33 (when the run has that many). */
function addLandAndTokenisation(appState: Record<string, any>, addresses: string[]): void {
  if (addresses.length < 34) return;
  const operators = addresses.slice(20, 24);
  const policies = addSimOfficeGroups(appState, operators, "2026-01-01T00:00:00Z");
  addSimOffices(
    appState,
    policies.map((policy, i) => ({ policy, operator: operators[i]! })),
  );
  addSimCollections(appState, addresses.slice(24, 34));
}

/**
 * Netting on from the start: cycles of 10 blocks, the bond denom netted below 5,000 YML per
 * obligation; accounts 10–15 approved paymsg participants (netting's institutions) in genesis.
 */
function nettingGenesis(appState: Record<string, any>, accounts: readonly SimAccount[]): void {
  appState.netting.params = {
    cycle_blocks: "10",
    denom_policies: [{ denom: SIM_DENOM, gross_threshold: "5000000000", aggregate_gross_threshold: "0" }],
    max_hold_cycles: "3",
  };
  for (const [i, a] of accounts.slice(10, 16).entries()) {
    appState.paymsg.participant_application_map.push({
      creator: a.address,
      status: "approved",
      code: `SIMBANK${i}`,
      name: `Sim bank ${i}`,
    });
    appState.paymsg.approved_participant_map.push({
      participant: a.address,
      code: `SIMBANK${i}`,
      name: `Sim bank ${i}`,
      payload_store_url: "",
    });
  }
}

/**
 * Enforcement cases decided within a run: the constitution pins a 12-block vote and a 20-block
 * provisional freeze; seizures run 5 blocks after passing, at most 2 per 40-block window; the
 * last account is the ombudsman. The targets are funded above, outside the simulated accounts.
 */
function enforcementGenesis(appState: Record<string, any>, accounts: readonly SimAccount[]): void {
  Object.assign(appState.constitution.invariants, { enforcement_voting_period_blocks: "12", enforcement_provisional_freeze_blocks: "20" });
  Object.assign(appState.enforcement.params, {
    seizure_delay_blocks: "5",
    seizure_window_blocks: "40",
    max_seizures_per_window: "2",
    ombudsman: accounts[accounts.length - 1].address,
  });
}
