/** Loads test/fixtures/tendermint-light/chain.json (CometBFT RPC JSON) into the proto types the light client takes. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ed25519 } from "@noble/curves/ed25519.js";
import type { Timestamp } from "../../../src/gen/google/protobuf/timestamp";
import type { Header as TmClientHeader, ClientState, ConsensusState } from "../../../src/gen/ibc/lightclients/tendermint/v1/tendermint";
import type { Height } from "../../../src/gen/ibc/core/client/v1/client";
import type { BlockID, Commit, Header, SignedHeader } from "../../../src/gen/tendermint/types/types";
import type { Validator, ValidatorSet } from "../../../src/gen/tendermint/types/validator";
import { headerHash } from "../../../src/modules/ibc/light-clients/tendermint/hashing";
import { voteSignBytes } from "../../../src/modules/ibc/light-clients/tendermint/sign-bytes";
import type { ConsensusStates } from "../../../src/modules/ibc/light-clients/tendermint";
import { compareHeight } from "../../../src/modules/ibc/light-clients/tendermint/height";

interface RpcBlockId {
  hash: string;
  parts: { total: number; hash: string };
}
interface RpcHeight {
  block_id_hash: string;
  signed_header: {
    header: Record<string, string> & { version: { block: string; app: string }; last_block_id: RpcBlockId };
    commit: {
      height: string;
      round: number;
      block_id: RpcBlockId;
      signatures: Array<{ block_id_flag: number; validator_address: string; timestamp: string; signature: string | null }>;
    };
  };
  validators: Array<{ address: string; pub_key: { value: string }; voting_power: string; proposer_priority: string }>;
}
interface RpcFixture {
  chain_id: string;
  validator_set_changes: { joiner_added_at: number; node0_raised_at: number };
  validator_private_keys: Array<{ address: string; priv_key: string }>;
  heights: RpcHeight[];
}

const hex = (s: string): Uint8Array => Uint8Array.from(Buffer.from(s, "hex"));
const b64 = (s: string | null): Uint8Array => Uint8Array.from(Buffer.from(s ?? "", "base64"));

/** RFC 3339 with up to nanosecond fractions, as CometBFT's RPC prints times. */
export function parseTime(s: string): Timestamp {
  const m = /^(.*?)(?:\.(\d{1,9}))?Z$/.exec(s);
  if (!m) throw new Error(`bad time ${s}`);
  return { seconds: BigInt(Date.parse(`${m[1]}Z`) / 1000), nanos: Number((m[2] ?? "").padEnd(9, "0")) };
}

const blockId = (b: RpcBlockId): BlockID => ({ hash: hex(b.hash), partSetHeader: { total: b.parts.total, hash: hex(b.parts.hash) } });

function toHeader(h: RpcHeight["signed_header"]["header"]): Header {
  return {
    version: { block: BigInt(h.version.block), app: BigInt(h.version.app) },
    chainId: h.chain_id,
    height: BigInt(h.height),
    time: parseTime(h.time),
    lastBlockId: blockId(h.last_block_id),
    lastCommitHash: hex(h.last_commit_hash),
    dataHash: hex(h.data_hash),
    validatorsHash: hex(h.validators_hash),
    nextValidatorsHash: hex(h.next_validators_hash),
    consensusHash: hex(h.consensus_hash),
    appHash: hex(h.app_hash),
    lastResultsHash: hex(h.last_results_hash),
    evidenceHash: hex(h.evidence_hash),
    proposerAddress: hex(h.proposer_address),
  };
}

function toCommit(c: RpcHeight["signed_header"]["commit"]): Commit {
  return {
    height: BigInt(c.height),
    round: c.round,
    blockId: blockId(c.block_id),
    signatures: c.signatures.map((s) => ({
      blockIdFlag: s.block_id_flag,
      validatorAddress: hex(s.validator_address),
      timestamp: parseTime(s.timestamp),
      signature: b64(s.signature),
    })),
  };
}

function toValidatorSet(vals: RpcHeight["validators"], proposer: Uint8Array): ValidatorSet {
  const validators: Validator[] = vals.map((v) => ({
    address: hex(v.address),
    pubKey: { sum: { $case: "ed25519", value: b64(v.pub_key.value) } },
    votingPower: BigInt(v.voting_power),
    proposerPriority: BigInt(v.proposer_priority),
  }));
  const p = validators.find((v) => Buffer.from(v.address).equals(Buffer.from(proposer)));
  return { validators, proposer: p, totalVotingPower: validators.reduce((a, v) => a + v.votingPower, 0n) };
}

export interface LightBlock {
  height: number;
  blockIdHash: Uint8Array;
  signedHeader: SignedHeader & { header: Header; commit: Commit };
  validatorSet: ValidatorSet;
}

const raw = JSON.parse(readFileSync(join(__dirname, "../../fixtures/tendermint-light/chain.json"), "utf8")) as RpcFixture;

export const fixture = {
  chainId: raw.chain_id,
  joinerAddedAt: raw.validator_set_changes.joiner_added_at,
  node0RaisedAt: raw.validator_set_changes.node0_raised_at,
  blocks: raw.heights.map((h): LightBlock => {
    const header = toHeader(h.signed_header.header);
    return {
      height: Number(header.height),
      blockIdHash: hex(h.block_id_hash),
      signedHeader: { header, commit: toCommit(h.signed_header.commit) },
      validatorSet: toValidatorSet(h.validators, header.proposerAddress),
    };
  }),
  /** The throwaway network's validator keys (ed25519 seeds) by upper-case hex address. */
  keys: new Map(raw.validator_private_keys.map((k) => [k.address, b64(k.priv_key).subarray(0, 32)])),
};

export const block = (height: number): LightBlock => {
  const b = fixture.blocks.find((x) => x.height === height);
  if (!b) throw new Error(`no fixture block at ${height}`);
  return structuredClone(b);
};
export const lastHeight = fixture.blocks[fixture.blocks.length - 1].height;
export const ibcHeight = (h: number): Height => ({ revisionNumber: 1n, revisionHeight: BigInt(h) });

const SECOND = 1_000_000_000n;
export const seconds = (n: bigint) => ({ seconds: n, nanos: 0 });

/** A client for the fixture chain: 1/3 trust level, 14-day trusting period, 10 s clock drift. */
export function clientState(latest: number, over: Partial<ClientState> = {}): ClientState {
  return {
    chainId: fixture.chainId,
    trustLevel: { numerator: 1n, denominator: 3n },
    trustingPeriod: seconds(14n * 86_400n),
    unbondingPeriod: seconds(21n * 86_400n),
    maxClockDrift: seconds(10n),
    frozenHeight: { revisionNumber: 0n, revisionHeight: 0n },
    latestHeight: ibcHeight(latest),
    proofSpecs: [],
    upgradePath: ["upgrade", "upgradedIBCState"],
    allowUpdateAfterExpiry: false,
    allowUpdateAfterMisbehaviour: false,
    ...over,
  };
}

/** The consensus state the client stored for a real block (what an earlier update produced). */
export function consensusStateAt(height: number): ConsensusState {
  const h = block(height).signedHeader.header;
  return { timestamp: h.time, root: { hash: h.appHash }, nextValidatorsHash: h.nextValidatorsHash };
}

/** An in-memory ConsensusStates over the given heights. */
export function statesOf(entries: Array<[number, ConsensusState]>): ConsensusStates {
  const sorted = [...entries].sort((a, b) => a[0] - b[0]).map(([h, c]) => [ibcHeight(h), c] as const);
  return {
    get: (at) => sorted.find(([h]) => compareHeight(h, at) === 0)?.[1],
    previous: (at) => [...sorted].reverse().find(([h]) => compareHeight(h, at) < 0)?.[1],
    next: (at) => sorted.find(([h]) => compareHeight(h, at) > 0)?.[1],
  };
}

/** MsgUpdateClient's header: block `height` verified from `trusted` (the set block trusted + 1 carries). */
export function updateHeader(height: number, trusted: number): TmClientHeader {
  const b = block(height);
  return {
    signedHeader: b.signedHeader,
    validatorSet: b.validatorSet,
    trustedHeight: ibcHeight(trusted),
    trustedValidators: block(trusted + 1).validatorSet,
  };
}

/** `time` moved by `deltaSeconds` (may be negative) plus `deltaNanos`. */
export function shift(t: Timestamp | undefined, deltaSeconds: bigint, deltaNanos = 0n): Timestamp {
  const n = t!.seconds * SECOND + BigInt(t!.nanos) + deltaSeconds * SECOND + deltaNanos;
  return { seconds: n / SECOND, nanos: Number(n % SECOND) };
}

/**
 * A header that block `height`'s validators never signed, re-signed with the network's keys:
 * `edit` changes the header, every COMMIT-flag signature is made again over the new block id.
 */
export function forgeBlock(height: number, edit: (h: Header) => void): LightBlock {
  const b = block(height);
  edit(b.signedHeader.header);
  const hash = headerHash(b.signedHeader.header);
  const commit = b.signedHeader.commit;
  commit.blockId = { hash, partSetHeader: commit.blockId!.partSetHeader };
  resign(commit);
  return { ...b, blockIdHash: hash };
}

/** Signs every non-absent signature of `commit` again with the fixture keys. */
export function resign(commit: Commit): void {
  commit.signatures.forEach((s, i) => {
    if (s.validatorAddress.length === 0) return;
    const key = fixture.keys.get(Buffer.from(s.validatorAddress).toString("hex").toUpperCase());
    if (!key) throw new Error("no key for a signer");
    s.signature = ed25519.sign(voteSignBytes(fixture.chainId, commit, i), key);
  });
}
