import { describe, expect, it } from "vitest";
import { ed25519 } from "@noble/curves/ed25519.js";
import { BlockIDFlag } from "../../../src/gen/tendermint/types/validator";
import { headerHash, merkleRoot, validatorSetHash, voteSignBytes } from "../../../src/modules/ibc/light-clients/tendermint";
import { block, fixture, lastHeight } from "./light-fixtures";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex").toUpperCase();

describe("CometBFT v0.38 hashing against a real 4-validator network", () => {
  it("the fixture spans both validator-set changes", () => {
    expect(fixture.blocks.length).toBe(lastHeight);
    expect(block(fixture.joinerAddedAt).validatorSet.validators).toHaveLength(5);
    expect(block(fixture.joinerAddedAt - 1).validatorSet.validators).toHaveLength(4);
    expect(block(fixture.node0RaisedAt).validatorSet.validators[0].votingPower).toBe(20n);
  });

  it("every header hashes to the block id CometBFT gave it", () => {
    for (const b of fixture.blocks) {
      expect(hex(headerHash(b.signedHeader.header)), `height ${b.height}`).toBe(hex(b.blockIdHash));
      expect(hex(b.signedHeader.commit.blockId!.hash)).toBe(hex(b.blockIdHash));
    }
    // Block 1 has an empty last block id, still hashed as gogoproto writes it.
    expect(block(1).signedHeader.header.lastBlockId!.hash).toHaveLength(0);
    // Each header names its parent's hash.
    expect(hex(block(5).signedHeader.header.lastBlockId!.hash)).toBe(hex(block(4).blockIdHash));
  });

  it("a changed field changes the hash", () => {
    const h = block(3).signedHeader.header;
    const before = hex(headerHash(h));
    h.appHash = Uint8Array.of(1);
    expect(hex(headerHash(h))).not.toBe(before);
  });

  it("every validator set hashes to the header's validators_hash, and the next set to next_validators_hash", () => {
    for (const b of fixture.blocks) {
      expect(hex(validatorSetHash(b.validatorSet.validators)), `height ${b.height}`).toBe(hex(b.signedHeader.header.validatorsHash));
      if (b.height < lastHeight) {
        expect(hex(validatorSetHash(block(b.height + 1).validatorSet.validators))).toBe(hex(b.signedHeader.header.nextValidatorsHash));
      }
    }
    const before = block(fixture.joinerAddedAt - 1).signedHeader.header;
    expect(hex(before.nextValidatorsHash)).not.toBe(hex(before.validatorsHash));
  });

  it("the empty Merkle root is sha256 of nothing (an empty block's data_hash)", () => {
    expect(hex(merkleRoot([]))).toBe(hex(block(2).signedHeader.header.dataHash));
  });

  it("every real precommit signature verifies over our CanonicalVote sign bytes, absent entries included", () => {
    let verified = 0;
    let absent = 0;
    for (const b of fixture.blocks) {
      const commit = b.signedHeader.commit;
      commit.signatures.forEach((s, i) => {
        if (s.blockIdFlag === BlockIDFlag.BLOCK_ID_FLAG_ABSENT) return void absent++;
        const v = b.validatorSet.validators[i];
        expect(hex(v.address)).toBe(hex(s.validatorAddress));
        expect(ed25519.verify(s.signature, voteSignBytes(fixture.chainId, commit, i), (v.pubKey!.sum as { value: Uint8Array }).value)).toBe(
          true,
        );
        verified++;
      });
    }
    expect(verified).toBeGreaterThan(50);
    expect(absent).toBeGreaterThan(5);
    // The chain id is part of what was signed.
    const c = block(4).signedHeader.commit;
    const v = block(4).validatorSet.validators[0];
    expect(ed25519.verify(c.signatures[0].signature, voteSignBytes("other-1", c, 0), (v.pubKey!.sum as { value: Uint8Array }).value)).toBe(
      false,
    );
  });
});
