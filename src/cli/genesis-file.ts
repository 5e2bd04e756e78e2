import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { GenesisState as AuthGenesis } from "cosmjs-types/cosmos/auth/v1beta1/genesis";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { GenesisState as BankGenesis } from "cosmjs-types/cosmos/bank/v1beta1/genesis";
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { GenesisState as GenutilGenesis } from "cosmjs-types/cosmos/genutil/v1beta1/genesis";
import { MsgCreateValidator } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import type { JsonValue } from "@bufbuild/protobuf";
import { decodeGenesis } from "../app/genesis";
import type { ModuleSet } from "../app/module-set";
import { binaryToJson, jsonToBinary } from "../codec/proto-json";
import { parseRfc3339, readGenesisDoc, type GenesisDoc } from "../abci/genesis-doc";
export { defaultConsensusParams } from "../abci/genesis-doc";
import { baseOf } from "../modules/auth/keeper";
import { decodeGentx, gentxName, MSG_CREATE_VALIDATOR_URL, type DecodedGentx } from "../modules/genutil";
import { consensusAddressOf, ed25519PubKeyAny, POWER_REDUCTION } from "../modules/staking";
import { admitInGenesisJson } from "../modules/validatorgov";
import { directSignBytes } from "../app/tx/sigverify";
import { buildAuthInfoBytes, buildBodyBytes } from "../client/tx-builder";
import type { Secp256k1Key } from "../client/signer";
import { accAddress, valAddress } from "../types/address";
import { addCoins, amountOf, coinsFromProto, coinsToProto, type Coin, type ProtoCoin } from "../types/coins";
import { decFromString, decToWire } from "../types/dec";

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

/** What `genesis gentx` signs: the operator's MsgCreateValidator for this node's consensus key. */
export interface GentxRequest {
  chainId: string;
  operatorKey: Secp256k1Key;
  /** ed25519 consensus public key (priv_validator_key.json). */
  consensusPubKey: Uint8Array;
  selfBond: ProtoCoin;
  description: { moniker: string; identity?: string; website?: string; securityContact?: string; details?: string };
  /** Decimal text, e.g. "0.1"; the SDK's gentx defaults when left out. */
  commission?: { rate?: string; maxRate?: string; maxChangeRate?: string };
  minSelfDelegation?: string;
  /** `<node id>@<ip>:<p2p port>`, as the SDK's gentx memo: collect-gentxs can derive peers from it. */
  memo?: string;
  gasLimit?: bigint;
}

const TX = "cosmos.tx.v1beta1.Tx";
const GENUTIL_STATE = "blockchain.genutil.v1.GenesisState";

/** A Tx's bytes through its proto3 JSON and back: the exact bytes InitChain will decode from the genesis file. */
function canonicalTx(bytes: Uint8Array): TxRaw {
  return TxRaw.decode(jsonToBinary(TX, binaryToJson(TX, bytes)));
}

/**
 * A gentx as the SDK's `genesis gentx` writes it: a MsgCreateValidator tx with no fee, signed
 * SIGN_MODE_DIRECT by the operator with account number 0 and sequence 0 (the genesis rule of
 * the ante handler), as proto3 JSON of cosmos.tx.v1beta1.Tx.
 */
export function buildGentx(r: GentxRequest): JsonValue {
  if (BigInt(r.selfBond.amount) < POWER_REDUCTION)
    throw new Error(`self-bond must be at least ${POWER_REDUCTION}${r.selfBond.denom} (consensus power 1)`);
  const rate = (text: string | undefined, fallback: string, what: string) => {
    try {
      return decToWire(decFromString(text ?? fallback));
    } catch {
      throw new Error(`invalid ${what} ${JSON.stringify(text)}`);
    }
  };
  const msg = MsgCreateValidator.fromPartial({
    description: {
      moniker: r.description.moniker,
      identity: r.description.identity ?? "",
      website: r.description.website ?? "",
      securityContact: r.description.securityContact ?? "",
      details: r.description.details ?? "",
    },
    commission: {
      rate: rate(r.commission?.rate, "0.1", "commission rate"),
      maxRate: rate(r.commission?.maxRate, "0.2", "commission max rate"),
      maxChangeRate: rate(r.commission?.maxChangeRate, "0.01", "commission max change rate"),
    },
    minSelfDelegation: r.minSelfDelegation ?? "1",
    delegatorAddress: "",
    validatorAddress: valAddress.encode(accAddress.decode(r.operatorKey.address)),
    pubkey: ed25519PubKeyAny(r.consensusPubKey),
    value: r.selfBond,
  });
  const opts = { chainId: r.chainId, memo: r.memo ?? "", fee: [], gasLimit: r.gasLimit ?? 400_000n };
  const unsigned = TxRaw.encode({
    bodyBytes: buildBodyBytes([{ typeUrl: MSG_CREATE_VALIDATOR_URL, value: MsgCreateValidator.encode(msg).finish() }], opts),
    authInfoBytes: buildAuthInfoBytes([{ pubKey: r.operatorKey.pubKey, sequence: 0n }], opts),
    signatures: [],
  }).finish();
  const { bodyBytes, authInfoBytes } = canonicalTx(unsigned);
  const signature = r.operatorKey.sign(directSignBytes(bodyBytes, authInfoBytes, r.chainId, 0n));
  return binaryToJson(TX, TxRaw.encode({ bodyBytes, authInfoBytes, signatures: [signature] }).finish());
}

/** A gentx file's contents as InitChain will see them, refused when it is not one MsgCreateValidator. */
export function readGentx(json: unknown, index: number): { bytes: Uint8Array; gentx: DecodedGentx } {
  const bytes = jsonToBinary(TX, json);
  return { bytes, gentx: decodeGentx(bytes, index) };
}

/** One collected genesis validator, as collect-gentxs reports it. */
export interface CollectedGentx {
  file: string;
  moniker: string;
  operator: string;
  self_bond: string;
  /** CometBFT address of the consensus key (hex). */
  address: string;
  power: string;
}

/**
 * `collect-gentxs`: every gentx in the directory (file name order) goes into
 * app_state.genutil.gen_txs after the checks the SDK makes here (one MsgCreateValidator, the
 * signer a genesis account whose balance covers the self-bond). Nothing is bonded in staking
 * and CometBFT's validator list is left empty: InitChain delivers the gentxs and returns the
 * validator set they create.
 */
export function collectGentxs(doc: GenesisDoc, gentxDir: string): CollectedGentx[] {
  const files = existsSync(gentxDir)
    ? readdirSync(gentxDir)
        .filter((f) => f.endsWith(".json"))
        .sort()
    : [];
  if (files.length === 0) throw new Error(`no gentx files in ${gentxDir}`);
  const read = files.map((f, i) => {
    try {
      return readGentx(JSON.parse(readFileSync(join(gentxDir, f), "utf8")), i);
    } catch (e) {
      throw new Error(`${f}: ${(e as Error).message}`, { cause: e });
    }
  });
  read.forEach(({ gentx }, i) => {
    try {
      checkGentxAccount(doc, gentx, i);
    } catch (e) {
      throw new Error(`${files[i]}: ${(e as Error).message}`, { cause: e });
    }
  });
  // Only governance-admitted validators may exist: gentx operators are admitted in genesis
  // (those the file does not already admit with their own declaration).
  for (const { gentx } of read) admitInGenesisJson(doc.app_state, gentx.signer);
  doc.app_state.genutil = binaryToJson(GENUTIL_STATE, GenutilGenesis.encode({ genTxs: read.map((r) => r.bytes) }).finish());
  doc.validators = [];
  return read.map(({ gentx }, i) => {
    const key = Ed25519PubKey.decode(gentx.msg.pubkey!.value).key;
    return {
      file: files[i],
      moniker: gentx.msg.description?.moniker ?? "",
      operator: gentx.signer,
      self_bond: `${gentx.msg.value?.amount}${gentx.msg.value?.denom}`,
      address: Buffer.from(consensusAddressOf(key)).toString("hex").toUpperCase(),
      power: (BigInt(gentx.msg.value?.amount ?? "0") / POWER_REDUCTION).toString(),
    };
  });
}

/** The SDK's ValidateAccountInGenesis: the gentx signer is a genesis account holding the self-bond. */
function checkGentxAccount(doc: GenesisDoc, gentx: DecodedGentx, index: number): void {
  const name = gentxName(gentx, index);
  const auth = section(doc, "auth", "cosmos.auth.v1beta1.GenesisState", AuthGenesis);
  if (!auth.accounts.some((a) => baseOf(a).address === gentx.signer))
    throw new Error(`${name}: account ${gentx.signer} not in genesis state (add-genesis-account first)`);
  const bank = section(doc, "bank", "cosmos.bank.v1beta1.GenesisState", BankGenesis);
  const bond = gentx.msg.value!;
  const coins = bank.balances.find((b) => b.address === gentx.signer)?.coins ?? [];
  const have = amountOf(coinsFromProto(coins), bond.denom);
  if (have < BigInt(bond.amount))
    throw new Error(
      `${name}: account ${gentx.signer} has a balance in genesis of ${have}${bond.denom}, less than the self-bond ${bond.amount}${bond.denom}`,
    );
}

/** The gentxs of a genesis file (app_state.genutil.gen_txs), decoded. */
export function genesisGentxs(doc: GenesisDoc): DecodedGentx[] {
  const json = doc.app_state.genutil;
  if (json === undefined) return [];
  return GenutilGenesis.decode(jsonToBinary(GENUTIL_STATE, json)).genTxs.map((b, i) => decodeGentx(b, i));
}

/** `genesis validate`: the CometBFT envelope, then every module's section as InitChain would decode it. */
export function validateGenesis(doc: GenesisDoc, modules: ModuleSet): void {
  if (!doc.chain_id || doc.chain_id.length > 50) throw new Error("chain_id must be 1..50 characters");
  parseRfc3339(doc.genesis_time);
  if (!/^[0-9]+$/.test(doc.initial_height || "1") || BigInt(doc.initial_height || "1") < 1n)
    throw new Error("initial_height must be a positive integer");
  const seen = new Set<string>();
  for (const v of doc.validators ?? []) {
    if (v.pub_key.type !== "tendermint/PubKeyEd25519") throw new Error(`validator ${v.name ?? ""}: unsupported key type ${v.pub_key.type}`);
    if (Buffer.from(v.pub_key.value, "base64").length !== 32) throw new Error(`validator ${v.name ?? ""}: ed25519 key must be 32 bytes`);
    if (!/^[0-9]+$/.test(v.power) || BigInt(v.power) <= 0n) throw new Error(`validator ${v.name ?? ""}: power must be positive`);
    if (seen.has(v.pub_key.value)) throw new Error(`duplicate genesis validator key ${v.pub_key.value}`);
    seen.add(v.pub_key.value);
  }
  decodeGenesis(modules.modules, doc.app_state);
  genesisGentxs(doc).forEach((g, i) => checkGentxAccount(doc, g, i));
}
