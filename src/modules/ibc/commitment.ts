/**
 * ibc-go's 23-commitment MerkleProof verification: a chain of ICS-23 proofs checked leaf to
 * root along the path [prefix, key] (ApplyPrefix), one proof spec per level, each level's
 * calculated root becoming the value the next level proves (verifyChainedMembershipProof).
 * The ICS-23 checks themselves are src/types/ics23.ts's.
 */
import { CommitmentProof as CosmjsCommitmentProof } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { CommitmentProof, type ProofSpec } from "../../gen/cosmos/ics23/v1/proofs";
import { MerkleProof } from "../../gen/ibc/core/commitment/v1/commitment";
// The one ICS-23 verifier; it belongs in a layer modules may import (src/types) and should move there.
import { commitmentRoot, equal, verifyExistence, verifyNonExistence } from "../../types/ics23";
import type { CommitmentSpec } from "../../types/commitment-spec";
import { commitmentErrors } from "./errors";

/**
 * The verifier (src/types/ics23.ts) takes cosmjs-types' shape of the message, whose oneof is
 * two optional fields where the generated type has a tagged union: re-read through the wire.
 */
const asCosmjs = (p: CommitmentProof): CosmjsCommitmentProof => CosmjsCommitmentProof.decode(CommitmentProof.encode(p).finish());

/** A client's proof spec as the verifier's: the same fields (HashOp/LengthOp numbers are ics23's in both). */
function toSpec(s: ProofSpec, i: number): CommitmentSpec {
  if (!s.leafSpec || !s.innerSpec) throw commitmentErrors.ErrInvalidProof.wrap(`spec at position ${i} is nil`);
  return s as unknown as CommitmentSpec;
}

export function decodeMerkleProof(bytes: Uint8Array): MerkleProof {
  try {
    return MerkleProof.decode(bytes);
  } catch {
    throw commitmentErrors.ErrInvalidProof.wrap("failed to unmarshal proof into ICS 23 commitment merkle proof");
  }
}

/** validateVerificationArgs: as many proofs and specs as path elements, a root. */
function checkArgs(proof: MerkleProof, specs: readonly ProofSpec[], root: Uint8Array, keyPath: readonly Uint8Array[]): CommitmentSpec[] {
  if (proof.proofs.length === 0) throw commitmentErrors.ErrInvalidMerkleProof.wrap("proof must not be empty");
  if (root.length === 0) throw commitmentErrors.ErrInvalidMerkleProof.wrap("root cannot be empty");
  if (specs.length !== proof.proofs.length) {
    throw commitmentErrors.ErrInvalidMerkleProof.wrap(
      `length of specs: ${specs.length} not equal to length of proof: ${proof.proofs.length}`,
    );
  }
  if (keyPath.length !== specs.length)
    throw commitmentErrors.ErrInvalidProof.wrap(`path length ${keyPath.length} not same as proof ${specs.length}`);
  return specs.map(toSpec);
}

/** Proves `value` at the path's last key upward through every level from `from`; answers the top root. */
function chainedMembership(
  specs: CommitmentSpec[],
  proofs: readonly CommitmentProof[],
  keyPath: readonly Uint8Array[],
  value: Uint8Array,
  from: number,
): Uint8Array {
  let subroot = value;
  for (let i = from; i < proofs.length; i++) {
    const p = asCosmjs(proofs[i]!);
    const calculated = commitmentRoot(p);
    if (!calculated) throw commitmentErrors.ErrInvalidProof.wrap(`could not calculate proof root at index ${i}, merkle tree may be empty`);
    if (!p.exist) throw commitmentErrors.ErrInvalidProof.wrap(`commitment proof must be existence proof at index ${i}`);
    const key = keyPath[keyPath.length - 1 - i]!;
    if (!verifyExistence(specs[i]!, p.exist, calculated, key, value)) {
      throw commitmentErrors.ErrInvalidProof.wrap(`failed to verify membership proof at index ${i}`);
    }
    subroot = calculated;
    value = calculated;
  }
  return subroot;
}

function checkRoot(root: Uint8Array, subroot: Uint8Array): void {
  if (!equal(root, subroot)) {
    throw commitmentErrors.ErrInvalidProof.wrap(
      `proof did not commit to expected root: ${hex(root)}, got: ${hex(subroot)}. Please ensure proof was submitted with correct proofHeight and to the correct chain.`,
    );
  }
}

/** MerkleProof.VerifyMembership: `value` is stored at `keyPath` (outermost first: [prefix, key]) under `root`. */
export function verifyMerkleMembership(
  proof: MerkleProof,
  specs: readonly ProofSpec[],
  root: Uint8Array,
  keyPath: readonly Uint8Array[],
  value: Uint8Array,
): void {
  const s = checkArgs(proof, specs, root, keyPath);
  if (value.length === 0) throw commitmentErrors.ErrInvalidProof.wrap("empty value in membership proof");
  checkRoot(root, chainedMembership(s, proof.proofs, keyPath, value, 0));
}

/** MerkleProof.VerifyNonMembership: nothing is stored at `keyPath` under `root` (absence at the innermost level). */
export function verifyMerkleNonMembership(
  proof: MerkleProof,
  specs: readonly ProofSpec[],
  root: Uint8Array,
  keyPath: readonly Uint8Array[],
): void {
  const s = checkArgs(proof, specs, root, keyPath);
  const first = asCosmjs(proof.proofs[0]!);
  const key = keyPath[keyPath.length - 1]!;
  if (!first.nonexist)
    throw commitmentErrors.ErrInvalidProof.wrap("commitment proof must be non-existence proof for verifying non-membership");
  const subroot = commitmentRoot(first);
  if (!subroot) throw commitmentErrors.ErrInvalidProof.wrap("could not calculate root for proof index 0, merkle tree is empty");
  if (!verifyNonExistence(s[0]!, first.nonexist, subroot, key)) {
    throw commitmentErrors.ErrInvalidProof.wrap("failed to verify non-membership proof with key " + Buffer.from(key).toString());
  }
  checkRoot(root, proof.proofs.length === 1 ? subroot : chainedMembership(s, proof.proofs, keyPath, subroot, 1));
}

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex").toUpperCase();
