import { HashOp, type ExistenceProof, type InnerOp } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { SMT_COMMITMENT_SPEC } from "../types/commitment-spec";
import { bitAt, INNER_PREFIX } from "./smt-hash";
import type { SmtProof } from "./smt-proof";

/**
 * ICS-23 existence proof from the sibling path of a key that is present: the leaf op of the
 * spec, then one inner op per level from the leaf up (a left child is followed by its
 * sibling in the suffix, a right child preceded by it in the prefix).
 */
export function existenceProof(key: Uint8Array, value: Uint8Array, path: SmtProof): ExistenceProof {
  if (!path.leaf) throw new Error("ics23: the key is not in the tree");
  const ops: InnerOp[] = [];
  for (let i = path.siblings.length - 1; i >= 0; i--) {
    const sibling = path.siblings[i]!;
    const right = bitAt(path.leaf.keyHash, i) === 1;
    ops.push({
      hash: HashOp.SHA256,
      prefix: right ? Uint8Array.from([INNER_PREFIX, ...sibling]) : Uint8Array.of(INNER_PREFIX),
      suffix: right ? new Uint8Array() : sibling,
    });
  }
  return { key, value, leaf: SMT_COMMITMENT_SPEC.leafSpec, path: ops };
}
