import { x25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";
import { EnvelopeError, generateViewingKey, keyId, viewingPublicKey } from "../../../src/client/envelope/index";

describe("viewing keys", () => {
  it("generates X25519 pairs", () => {
    const k = generateViewingKey();
    expect(k.privateKey).toHaveLength(32);
    expect(k.publicKey).toEqual(x25519.getPublicKey(k.privateKey));
    expect(viewingPublicKey(k.privateKey)).toEqual(k.publicKey);
    expect(generateViewingKey().publicKey).not.toEqual(k.publicKey);
  });

  it("key_id is the first 8 bytes of SHA-256 over the public key", () => {
    const { publicKey } = generateViewingKey();
    expect(keyId(publicKey)).toEqual(sha256(publicKey).slice(0, 8));
    expect(keyId(publicKey)).toHaveLength(8);
  });

  it("refuses keys of the wrong size", () => {
    expect(() => keyId(new Uint8Array(31))).toThrow(EnvelopeError);
    expect(() => viewingPublicKey(new Uint8Array(33))).toThrow(EnvelopeError);
  });
});
