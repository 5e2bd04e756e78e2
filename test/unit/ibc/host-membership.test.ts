/**
 * ibc-go's chained MerkleProof verification (commitment.ts) against this chain's own proofs:
 * a key of the `ibc` store proven by CommitStore.proveInStore (IAVL spec) and the store's root
 * in the app hash (commit info, Tendermint spec), along the path ["ibc", key].
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CommitmentProof as CosmjsCommitmentProof } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { CommitmentProof, type ProofSpec } from "../../../src/gen/cosmos/ics23/v1/proofs";
import { MerkleProof } from "../../../src/gen/ibc/core/commitment/v1/commitment";
import { commitmentErrors } from "../../../src/modules/ibc/errors";
import { decodeMerkleProof, verifyMerkleMembership, verifyMerkleNonMembership } from "../../../src/modules/ibc/commitment";
import { commitInfoHash, commitInfoProof } from "../../../src/store/commit-info";
import { COMMIT_INFO_SPEC, IAVL_STORE_SPEC } from "../../../src/types/commitment-spec";
import { TestChain } from "../../helpers/chain";

const SPECS = [IAVL_STORE_SPEC, COMMIT_INFO_SPEC] as unknown as ProofSpec[];
const utf8 = new TextEncoder();
const PREFIX = utf8.encode("ibc");

describe("MerkleProof verification on this chain's proofs", () => {
  let chain: TestChain;
  beforeAll(async () => {
    // The genesis writes the ibc store's params and next client sequence.
    chain = await TestChain.create();
  });
  afterAll(() => chain.close());

  function prove(path: string) {
    const { value, proof, storeRoots } = chain.app.store.proveInStore("ibc", utf8.encode(path));
    const gen = (p: CosmjsCommitmentProof) => CommitmentProof.decode(CosmjsCommitmentProof.encode(p).finish());
    const merkle: MerkleProof = { proofs: [gen(proof), gen(commitInfoProof(storeRoots, "ibc"))] };
    // Through the wire, as a relayer submits it.
    return { value, root: commitInfoHash(storeRoots), proof: decodeMerkleProof(MerkleProof.encode(merkle).finish()) };
  }

  it("accepts a stored value at [ibc, path] under the app hash", () => {
    const { value, root, proof } = prove("nextClientSequence");
    expect(Buffer.from(value!).toString("hex")).toBe("0000000000000000");
    expect(Buffer.from(root)).toEqual(Buffer.from(chain.app.store.lastAppHash));
    verifyMerkleMembership(proof, SPECS, root, [PREFIX, utf8.encode("nextClientSequence")], value!);
  });

  it("refuses a wrong value, a wrong path, a wrong prefix and a wrong root", () => {
    const { value, root, proof } = prove("nextClientSequence");
    const key = utf8.encode("nextClientSequence");
    const refused = (fn: () => void) => expect(fn).toThrow(commitmentErrors.ErrInvalidProof.description);
    refused(() => verifyMerkleMembership(proof, SPECS, root, [PREFIX, key], Uint8Array.of(0, 0, 0, 0, 0, 0, 0, 1)));
    refused(() => verifyMerkleMembership(proof, SPECS, root, [PREFIX, utf8.encode("clientParams")], value!));
    refused(() => verifyMerkleMembership(proof, SPECS, root, [utf8.encode("bank"), key], value!));
    const otherRoot = Uint8Array.from(root);
    otherRoot[0] ^= 1;
    refused(() => verifyMerkleMembership(proof, SPECS, otherRoot, [PREFIX, key], value!));
    expect(() => verifyMerkleMembership(proof, SPECS.slice(0, 1), root, [PREFIX, key], value!)).toThrow(
      commitmentErrors.ErrInvalidMerkleProof.description,
    );
  });

  it("proves absence with a non-existence proof and refuses it for a present key", () => {
    const absent = prove("connections/connection-0");
    expect(absent.value).toBeUndefined();
    verifyMerkleNonMembership(absent.proof, SPECS, absent.root, [PREFIX, utf8.encode("connections/connection-0")]);
    const present = prove("nextClientSequence");
    expect(() => verifyMerkleNonMembership(present.proof, SPECS, present.root, [PREFIX, utf8.encode("nextClientSequence")])).toThrow();
  });
});
