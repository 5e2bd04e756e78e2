import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { GenesisState as AuthGenesis } from "cosmjs-types/cosmos/auth/v1beta1/genesis";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { GenesisState as BankGenesis } from "cosmjs-types/cosmos/bank/v1beta1/genesis";
import { decodeGenesis } from "../app/genesis";
import type { ModuleSet } from "../app/module-set";
import { binaryToJson, jsonToBinary } from "../app/proto-json";
import { parseRfc3339, readGenesisDoc, type GenesisDoc } from "../abci/genesis-doc";
import { baseOf } from "../modules/auth/keeper";
import { BONDED_POOL, POWER_REDUCTION } from "../modules/staking";
import { accAddress, moduleAddress, valAddress } from "../types/address";
import { addCoins, amountOf, coinsFromProto, coinsToProto, type Coin } from "../types/coins";

type GenesisValidator = NonNullable<GenesisDoc["validators"]>[number];

/** CometBFT v0.38 consensus parameters, with the app version the app reports in Info. */
export function defaultConsensusParams(): Record<string, unknown> {
  return {
    block: { max_bytes: "22020096", max_gas: "-1" },
    evidence: { max_age_num_blocks: "100000", max_age_duration: "172800000000000", max_bytes: "1048576" },
    validator: { pub_key_types: ["ed25519"] },
    version: { app: "1" },
    abci: { vote_extensions_enable_height: "0" },
  };
}

export function loadGenesis(path: string): GenesisDoc {
  if (!existsSync(path)) throw new Error(`no genesis file at ${path} (run \`blockchaind init\` first)`);
  return readGenesisDoc(path);
}

export function saveGenesis(path: string, doc: GenesisDoc): void {
  writeFileSync(path, `${JSON.stringify(doc, null, 2)}\n`);
}

function section<T>(doc: GenesisDoc, name: string, typeName: string, codec: { decode(b: Uint8Array): T; fromPartial(o: object): T }): T {
  const json = doc.app_state[name];
  return json === undefined ? codec.fromPartial({}) : codec.decode(jsonToBinary(typeName, json));
}

/**
 * `genesis add-genesis-account`: base accounts with the next free account numbers and their
 * balances; the declared bank supply, when present, grows by the same coins.
 */
export function addGenesisAccounts(doc: GenesisDoc, entries: ReadonlyArray<{ address: string; coins: Coin[] }>): void {
  const auth = section(doc, "auth", "cosmos.auth.v1beta1.GenesisState", AuthGenesis);
  const bank = section(doc, "bank", "cosmos.bank.v1beta1.GenesisState", BankGenesis);
  const taken = new Set(auth.accounts.map((a) => baseOf(a).address));
  let next = auth.accounts.reduce((n, a) => (baseOf(a).accountNumber >= n ? baseOf(a).accountNumber + 1n : n), 0n);
  for (const { address, coins } of entries) {
    accAddress.validate(address);
    if (taken.has(address)) throw new Error(`account ${address} already exists in genesis`);
    taken.add(address);
    auth.accounts.push({
      typeUrl: "/cosmos.auth.v1beta1.BaseAccount",
      value: BaseAccount.encode(BaseAccount.fromPartial({ address, accountNumber: next++, sequence: 0n })).finish(),
    });
    bank.balances.push({ address, coins: coinsToProto(coins) });
    if (bank.supply.length > 0) bank.supply = coinsToProto(addCoins(coinsFromProto(bank.supply), coins));
  }
  doc.app_state.auth = binaryToJson("cosmos.auth.v1beta1.GenesisState", AuthGenesis.encode(auth).finish());
  doc.app_state.bank = binaryToJson("cosmos.bank.v1beta1.GenesisState", BankGenesis.encode(bank).finish());
}

/**
 * A gentx as this chain has it until staking delivers signed MsgCreateValidator txs at
 * genesis: the node's consensus key, its operator account and the self-bond, declared by
 * the operator and bonded directly in the staking section by collect-gentxs.
 */
export interface GenTx {
  moniker: string;
  operator: string;
  self_bond: string;
  validator: GenesisValidator;
}

export function gentxFor(privValidatorKeyPath: string, moniker: string, operator: string, selfBond: bigint): GenTx {
  accAddress.validate(operator);
  const key = JSON.parse(readFileSync(privValidatorKeyPath, "utf8")) as { address: string; pub_key: { type: string; value: string } };
  if (selfBond < POWER_REDUCTION) throw new Error(`self-bond must be at least ${POWER_REDUCTION} (consensus power 1)`);
  const power = (selfBond / POWER_REDUCTION).toString();
  return { moniker, operator, self_bond: selfBond.toString(), validator: { address: key.address, pub_key: key.pub_key, power, name: moniker } };
}

/**
 * `collect-gentxs`: every gentx in the directory (file name order) becomes a bonded staking
 * validator, its self-bond moved from the operator's genesis balance to the bonded pool
 * (what delivering the SDK's gentx does), and the CometBFT validator set becomes exactly them.
 */
export function collectGentxs(doc: GenesisDoc, gentxDir: string): GenTx[] {
  const files = existsSync(gentxDir) ? readdirSync(gentxDir).filter((f) => f.endsWith(".json")).sort() : [];
  if (files.length === 0) throw new Error(`no gentx files in ${gentxDir}`);
  const gentxs = files.map((f) => JSON.parse(readFileSync(join(gentxDir, f), "utf8")) as GenTx);
  const bank = section(doc, "bank", "cosmos.bank.v1beta1.GenesisState", BankGenesis);
  const staking = doc.app_state.staking as Record<string, any> | undefined;
  if (!staking) throw new Error("genesis has no staking section");
  const denom: string = staking.params.bond_denom;
  const bonded = moduleAddress(BONDED_POOL);
  const balanceOf = (address: string) => {
    let entry = bank.balances.find((b) => b.address === address);
    if (!entry) bank.balances.push((entry = { address, coins: [] }));
    return entry;
  };
  for (const g of gentxs) {
    const bond = BigInt(g.self_bond);
    const account = bank.balances.find((b) => b.address === g.operator);
    const have = account ? amountOf(coinsFromProto(account.coins), denom) : 0n;
    if (have < bond) throw new Error(`gentx ${g.moniker}: operator ${g.operator} holds ${have}${denom} at genesis, less than the self-bond ${bond}${denom}`);
    account!.coins = coinsToProto(addCoins(coinsFromProto(account!.coins), [{ denom, amount: -bond }]));
    const pool = balanceOf(bonded);
    pool.coins = coinsToProto(addCoins(coinsFromProto(pool.coins), [{ denom, amount: bond }]));
    const valoper = valAddress.encode(accAddress.decode(g.operator));
    const shares = (bond * 10n ** 18n).toString();
    staking.validators = [...(staking.validators ?? []), {
      operator_address: valoper,
      consensus_pubkey: { "@type": "/cosmos.crypto.ed25519.PubKey", key: g.validator.pub_key.value },
      jailed: false,
      status: "BOND_STATUS_BONDED",
      tokens: bond.toString(),
      delegator_shares: shares,
      description: { moniker: g.moniker, identity: "", website: "", security_contact: "", details: "" },
      commission: { commission_rates: { rate: "0", max_rate: (10n ** 18n).toString(), max_change_rate: (10n ** 16n).toString() }, update_time: "1970-01-01T00:00:00Z" },
      min_self_delegation: "1",
    }];
    staking.delegations = [...(staking.delegations ?? []), { delegator_address: g.operator, validator_address: valoper, shares }];
  }
  bank.balances = bank.balances.filter((b) => b.coins.length > 0);
  doc.app_state.bank = binaryToJson("cosmos.bank.v1beta1.GenesisState", BankGenesis.encode(bank).finish());
  doc.validators = gentxs.map((g) => g.validator);
  return gentxs;
}

/** `genesis validate`: the CometBFT envelope, then every module's section as InitChain would decode it. */
export function validateGenesis(doc: GenesisDoc, modules: ModuleSet): void {
  if (!doc.chain_id || doc.chain_id.length > 50) throw new Error("chain_id must be 1..50 characters");
  parseRfc3339(doc.genesis_time);
  if (!/^[0-9]+$/.test(doc.initial_height || "1") || BigInt(doc.initial_height || "1") < 1n) throw new Error("initial_height must be a positive integer");
  const seen = new Set<string>();
  for (const v of doc.validators ?? []) {
    if (v.pub_key.type !== "tendermint/PubKeyEd25519") throw new Error(`validator ${v.name ?? ""}: unsupported key type ${v.pub_key.type}`);
    if (Buffer.from(v.pub_key.value, "base64").length !== 32) throw new Error(`validator ${v.name ?? ""}: ed25519 key must be 32 bytes`);
    if (!/^[0-9]+$/.test(v.power) || BigInt(v.power) <= 0n) throw new Error(`validator ${v.name ?? ""}: power must be positive`);
    if (seen.has(v.pub_key.value)) throw new Error(`duplicate genesis validator key ${v.pub_key.value}`);
    seen.add(v.pub_key.value);
  }
  decodeGenesis(modules.modules, doc.app_state);
}
