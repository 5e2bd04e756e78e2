import { sha256 } from "../store/hash";
import { simpleMerkleLeafHash, simpleMerklePath, simpleMerkleRoot } from "../store/simple-merkle";

/** CometBFT's Txs.Hash(): the RFC 6962 root over the txs' sha256 hashes (the header's data_hash). */
export function txsRoot(txs: Uint8Array[]): Uint8Array {
  return simpleMerkleRoot(txs.map(sha256));
}

/** CometBFT's Txs.Proof(index): the RFC 6962 tree over the txs' sha256 hashes (the header's data_hash). */
export function txProofJson(txs: Uint8Array[], index: number) {
  const hashes = txs.map(sha256);
  return {
    root_hash: Buffer.from(simpleMerkleRoot(hashes)).toString("hex").toUpperCase(),
    data: Buffer.from(txs[index]).toString("base64"),
    proof: {
      total: String(txs.length),
      index: String(index),
      leaf_hash: Buffer.from(simpleMerkleLeafHash(hashes[index])).toString("base64"),
      aunts: simpleMerklePath(hashes, index).map((step) => Buffer.from(step.sibling).toString("base64")),
    },
  };
}
