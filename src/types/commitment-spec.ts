import { HashOp, LengthOp, type InnerSpec, type LeafOp } from "cosmjs-types/cosmos/ics23/v1/proofs";

/**
 * The chain's commitment as an ICS-23 proof spec: one compressed sparse Merkle tree over
 * sha256(key) whose root is the app hash (ics23's SmtSpec). Leaves hash 0x00 ‖ sha256(key) ‖
 * sha256(value); inner nodes 0x01 ‖ left ‖ right; an empty subtree is 32 zero bytes. Keys
 * are ordered by their sha256, which is what `prehashKeyBeforeComparison` says (field 5 of
 * ics23's ProofSpec, newer than the cosmjs-types copy, hence this interface).
 */
export interface CommitmentSpec {
  leafSpec: LeafOp;
  innerSpec: InnerSpec;
  maxDepth: number;
  minDepth: number;
  prehashKeyBeforeComparison: boolean;
}

export const SMT_COMMITMENT_SPEC: CommitmentSpec = {
  leafSpec: {
    hash: HashOp.SHA256,
    prehashKey: HashOp.SHA256,
    prehashValue: HashOp.SHA256,
    length: LengthOp.NO_PREFIX,
    prefix: Uint8Array.of(0),
  },
  innerSpec: {
    childOrder: [0, 1],
    childSize: 32,
    minPrefixLength: 1,
    maxPrefixLength: 1,
    emptyChild: new Uint8Array(32),
    hash: HashOp.SHA256,
  },
  maxDepth: 256,
  minDepth: 0,
  prehashKeyBeforeComparison: true,
};

/** ProofOp type of a commitment proof in abci_query's proof_ops; its key is the full state key. */
export const COMMITMENT_PROOF_OP = "ics23:smt";
