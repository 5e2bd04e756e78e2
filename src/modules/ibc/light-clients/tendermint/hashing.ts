import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { sha256 } from "@noble/hashes/sha2.js";
import { Timestamp } from "../../../../gen/google/protobuf/timestamp";
import { SimpleValidator, type Validator } from "../../../../gen/tendermint/types/validator";
import { BlockID, type Header } from "../../../../gen/tendermint/types/types";
import { Consensus } from "../../../../gen/tendermint/version/types";
import { simpleMerkleRoot } from "../../../../store/simple-merkle";

/** Go's zero time.Time as a protobuf Timestamp: what a missing non-nullable time means on CometBFT's side. */
export const GO_ZERO_TIME: Timestamp = { seconds: -62135596800n, nanos: 0 };

export function goTime(t: Timestamp | undefined): Timestamp {
  return t ?? GO_ZERO_TIME;
}

export function isGoZeroTime(t: Timestamp | undefined): boolean {
  return t === undefined || (t.seconds === GO_ZERO_TIME.seconds && t.nanos === 0);
}

/** A BlockID with its non-nullable part-set header filled in, as gogoproto always writes it. */
export function fullBlockId(id: BlockID | undefined): BlockID {
  return {
    hash: id?.hash ?? new Uint8Array(0),
    partSetHeader: { total: id?.partSetHeader?.total ?? 0, hash: id?.partSetHeader?.hash ?? new Uint8Array(0) },
  };
}

// CometBFT's cdcEncode: a google.protobuf wrapper (field 1) around the value, nothing for a zero value.
function cdcString(s: string): Uint8Array {
  return s === "" ? new Uint8Array(0) : new BinaryWriter().uint32(10).string(s).finish();
}
function cdcInt64(n: bigint): Uint8Array {
  return n === 0n ? new Uint8Array(0) : new BinaryWriter().uint32(8).int64(n).finish();
}
function cdcBytes(b: Uint8Array): Uint8Array {
  return b.length === 0 ? new Uint8Array(0) : new BinaryWriter().uint32(10).bytes(b).finish();
}

/** The block hash (CometBFT types.Header.Hash): Merkle root of the header's 14 fields; empty when validators_hash is. */
export function headerHash(h: Header): Uint8Array {
  if (h.validatorsHash.length === 0) return new Uint8Array(0);
  return simpleMerkleRoot([
    Consensus.encode(h.version ?? { block: 0n, app: 0n }).finish(),
    cdcString(h.chainId),
    cdcInt64(h.height),
    Timestamp.encode(goTime(h.time)).finish(),
    BlockID.encode(fullBlockId(h.lastBlockId)).finish(),
    cdcBytes(h.lastCommitHash),
    cdcBytes(h.dataHash),
    cdcBytes(h.validatorsHash),
    cdcBytes(h.nextValidatorsHash),
    cdcBytes(h.consensusHash),
    cdcBytes(h.appHash),
    cdcBytes(h.lastResultsHash),
    cdcBytes(h.evidenceHash),
    cdcBytes(h.proposerAddress),
  ]);
}

/** A validator's leaf in the validator set hash: SimpleValidator{pub_key, voting_power}. */
export function simpleValidatorBytes(v: Validator): Uint8Array {
  return SimpleValidator.encode({ pubKey: v.pubKey, votingPower: v.votingPower }).finish();
}

/** validators_hash / next_validators_hash: Merkle root of the set's SimpleValidators, in set order. */
export function validatorSetHash(validators: readonly Validator[]): Uint8Array {
  return simpleMerkleRoot(validators.map(simpleValidatorBytes));
}

/** A CometBFT address: the first 20 bytes of sha256 of an ed25519 public key. */
export function ed25519Address(pubKey: Uint8Array): Uint8Array {
  return sha256(pubKey).subarray(0, 20);
}
