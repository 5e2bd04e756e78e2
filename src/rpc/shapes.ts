import type * as abci from "cosmjs-types/tendermint/abci/types";
import type { Block } from "cosmjs-types/tendermint/types/block";
import type { BlockID, Commit, Header } from "cosmjs-types/tendermint/types/types";
import { formatRfc3339 } from "../abci/genesis-doc";
import type { Timestamp } from "../types/codec";
import type { ValidatorView } from "../node/backend";

/**
 * CometBFT v0.38's RPC JSON (cmtjson): 64-bit integers as strings, 32-bit as numbers, hashes
 * and addresses upper-case hex, other bytes base64 (null when empty, as Go's nil slice).
 */
export const hexUpper = (b: Uint8Array | undefined): string =>
  Buffer.from(b ?? [])
    .toString("hex")
    .toUpperCase();
export const base64 = (b: Uint8Array | undefined): string | null => (b && b.length > 0 ? Buffer.from(b).toString("base64") : null);
export const time = (t: Timestamp | undefined): string => formatRfc3339(t ?? { seconds: -62135596800n, nanos: 0 });

export function eventJson(e: abci.Event) {
  return { type: e.type, attributes: e.attributes.map((a) => ({ key: a.key, value: a.value, index: a.index })) };
}

export function execTxResultJson(r: abci.ExecTxResult | undefined) {
  return {
    code: r?.code ?? 0,
    data: base64(r?.data),
    log: r?.log ?? "",
    info: r?.info ?? "",
    gas_wanted: (r?.gasWanted ?? 0n).toString(),
    gas_used: (r?.gasUsed ?? 0n).toString(),
    events: (r?.events ?? []).map(eventJson),
    codespace: r?.codespace ?? "",
  };
}

export function blockIdJson(id: BlockID | undefined) {
  return { hash: hexUpper(id?.hash), parts: { total: id?.partSetHeader?.total ?? 0, hash: hexUpper(id?.partSetHeader?.hash) } };
}

export function headerJson(h: Header | undefined) {
  return {
    version: { block: (h?.version?.block ?? 0n).toString(), app: (h?.version?.app ?? 0n).toString() },
    chain_id: h?.chainId ?? "",
    height: (h?.height ?? 0n).toString(),
    time: time(h?.time),
    last_block_id: blockIdJson(h?.lastBlockId),
    last_commit_hash: hexUpper(h?.lastCommitHash),
    data_hash: hexUpper(h?.dataHash),
    validators_hash: hexUpper(h?.validatorsHash),
    next_validators_hash: hexUpper(h?.nextValidatorsHash),
    consensus_hash: hexUpper(h?.consensusHash),
    app_hash: hexUpper(h?.appHash),
    last_results_hash: hexUpper(h?.lastResultsHash),
    evidence_hash: hexUpper(h?.evidenceHash),
    proposer_address: hexUpper(h?.proposerAddress),
  };
}

export function commitJson(c: Commit | undefined) {
  return {
    height: (c?.height ?? 0n).toString(),
    round: c?.round ?? 0,
    block_id: blockIdJson(c?.blockId),
    signatures: (c?.signatures ?? []).map((s) => ({
      block_id_flag: s.blockIdFlag,
      validator_address: hexUpper(s.validatorAddress),
      timestamp: time(s.timestamp),
      signature: base64(s.signature),
    })),
  };
}

export function blockJson(b: Block) {
  return {
    header: headerJson(b.header),
    data: { txs: b.data?.txs.map((t) => Buffer.from(t).toString("base64")) ?? [] },
    evidence: { evidence: [] },
    last_commit: commitJson(b.lastCommit),
  };
}

export function pubKeyJson(ed25519: Uint8Array) {
  return { type: "tendermint/PubKeyEd25519", value: Buffer.from(ed25519).toString("base64") };
}

export function validatorJson(v: ValidatorView) {
  return {
    address: hexUpper(v.address),
    pub_key: pubKeyJson(v.pubKey),
    voting_power: v.votingPower.toString(),
    proposer_priority: v.proposerPriority.toString(),
  };
}

/** ABCI ValidatorUpdate: its key is the proto oneof, which cmtjson writes under "Sum". */
export function validatorUpdateJson(u: abci.ValidatorUpdate) {
  const sum = u.pubKey?.ed25519
    ? { type: "tendermint.crypto.PublicKey_Ed25519", value: { ed25519: Buffer.from(u.pubKey.ed25519).toString("base64") } }
    : { type: "tendermint.crypto.PublicKey_Secp256K1", value: { secp256k1: Buffer.from(u.pubKey?.secp256k1 ?? []).toString("base64") } };
  return { pub_key: { Sum: sum }, power: u.power.toString() };
}
