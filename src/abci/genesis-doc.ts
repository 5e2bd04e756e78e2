import { readFileSync } from "node:fs";
import type { RequestInitChain } from "cosmjs-types/tendermint/abci/types";
import type { ConsensusParams } from "cosmjs-types/tendermint/types/params";
import type { Timestamp } from "../types/codec";

/** CometBFT's genesis.json, the one genesis format for both dev mode and real CometBFT. */
export interface GenesisDoc {
  genesis_time: string;
  chain_id: string;
  initial_height: string;
  consensus_params?: Record<string, unknown>;
  validators?: Array<{ address?: string; pub_key: { type: string; value: string }; power: string; name?: string }>;
  app_hash?: string;
  app_state: Record<string, unknown>;
}

/**
 * The consensus params `init` and the dev genesis write: CometBFT v0.38's defaults, except
 * the block limits. CometBFT's 22 MB / unlimited gas let a flood fill a block with 13,000
 * MsgSends and stretch it to 3.5 s; 200M gas is ~3,000 MsgSends at a wallet's usual gas limit
 * (~1.4 × the 47.6k a MsgSend uses), about half a second of this node's per-block work, and
 * 4 MiB leaves room for a 1 MiB tx (mempool max_tx_bytes). docs/operators.md has the figures.
 */
export function defaultConsensusParams(): Record<string, unknown> {
  return {
    block: { max_bytes: "4194304", max_gas: "200000000" },
    evidence: { max_age_num_blocks: "100000", max_age_duration: "172800000000000", max_bytes: "1048576" },
    validator: { pub_key_types: ["ed25519"] },
    version: { app: "1" },
    abci: { vote_extensions_enable_height: "0" },
  };
}

export function readGenesisDoc(path: string): GenesisDoc {
  return JSON.parse(readFileSync(path, "utf8")) as GenesisDoc;
}

/** RFC 3339 with nanoseconds → Timestamp, without floating point. */
export function parseRfc3339(text: string): Timestamp {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(text);
  if (!m) throw new Error(`invalid RFC 3339 time ${JSON.stringify(text)}`);
  const millis = Date.parse(`${m[1]}${m[3]}`);
  if (Number.isNaN(millis)) throw new Error(`invalid RFC 3339 time ${JSON.stringify(text)}`);
  return { seconds: BigInt(millis / 1000), nanos: Number((m[2] ?? "").padEnd(9, "0")) };
}

export function formatRfc3339(t: Timestamp): string {
  const base = new Date(Number(t.seconds) * 1000).toISOString().slice(0, 19);
  const frac = t.nanos === 0 ? "" : `.${String(t.nanos).padStart(9, "0").replace(/0+$/, "")}`;
  return `${base}${frac}Z`;
}

type Json = Record<string, unknown> | undefined;

function int(section: Json, key: string, fallback: bigint): bigint {
  const v = section?.[key];
  return v === undefined || v === null ? fallback : BigInt(v as string | number);
}

/**
 * genesis.json's consensus_params (CometBFT's JSON: int64 as strings, max_age_duration in
 * nanoseconds) as InitChain carries them; a missing section or field takes CometBFT's
 * DefaultConsensusParams, as CometBFT does for a genesis without them.
 */
export function consensusParamsFromGenesis(json: Record<string, unknown> | undefined): ConsensusParams {
  const block = json?.block as Json;
  const evidence = json?.evidence as Json;
  const validator = json?.validator as Json;
  const version = json?.version as Json;
  const abci = json?.abci as Json;
  const ageNanos = int(evidence, "max_age_duration", 172800000000000n);
  const keyTypes = validator?.pub_key_types;
  return {
    block: { maxBytes: int(block, "max_bytes", 22020096n), maxGas: int(block, "max_gas", -1n) },
    evidence: {
      maxAgeNumBlocks: int(evidence, "max_age_num_blocks", 100000n),
      maxAgeDuration: { seconds: ageNanos / 1_000_000_000n, nanos: Number(ageNanos % 1_000_000_000n) },
      maxBytes: int(evidence, "max_bytes", 1048576n),
    },
    validator: { pubKeyTypes: Array.isArray(keyTypes) ? keyTypes.map(String) : ["ed25519"] },
    version: { app: int(version, "app", 0n) },
    abci: { voteExtensionsEnableHeight: int(abci, "vote_extensions_enable_height", 0n) },
  };
}

/** The inverse of consensusParamsFromGenesis: CometBFT's genesis JSON (export). */
export function consensusParamsToGenesis(p: ConsensusParams): Record<string, unknown> {
  const age = p.evidence?.maxAgeDuration;
  return {
    block: { max_bytes: String(p.block?.maxBytes ?? 22020096n), max_gas: String(p.block?.maxGas ?? -1n) },
    evidence: {
      max_age_num_blocks: String(p.evidence?.maxAgeNumBlocks ?? 100000n),
      max_age_duration: age ? String(age.seconds * 1_000_000_000n + BigInt(age.nanos)) : "172800000000000",
      max_bytes: String(p.evidence?.maxBytes ?? 1048576n),
    },
    validator: { pub_key_types: p.validator?.pubKeyTypes ?? ["ed25519"] },
    version: { app: String(p.version?.app ?? 0n) },
    abci: { vote_extensions_enable_height: String(p.abci?.voteExtensionsEnableHeight ?? 0n) },
  };
}

export function initChainRequest(doc: GenesisDoc): RequestInitChain {
  return {
    time: parseRfc3339(doc.genesis_time),
    chainId: doc.chain_id,
    consensusParams: consensusParamsFromGenesis(doc.consensus_params),
    validators: (doc.validators ?? []).map((v) => {
      if (v.pub_key.type !== "tendermint/PubKeyEd25519") throw new Error(`unsupported validator key type ${v.pub_key.type}`);
      return { pubKey: { ed25519: Buffer.from(v.pub_key.value, "base64") }, power: BigInt(v.power) };
    }),
    appStateBytes: Buffer.from(JSON.stringify(doc.app_state)),
    initialHeight: BigInt(doc.initial_height || "1"),
  };
}
