// Follows docs/envelope.md step by step with raw primitives, so the document and the
// library cannot drift apart, and pins the known-answer vector published there.
import { chacha20poly1305 } from "@noble/ciphers/chacha.js";
import { x25519 } from "@noble/curves/ed25519.js";
import { hkdf } from "@noble/hashes/hkdf.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js";
import { describe, expect, it } from "vitest";
import {
  decodeEnvelope,
  encodeEnvelope,
  encodePaymentMetadata,
  newPaymentMetadata,
  openAndVerify,
  sealEnvelope,
  viewingPublicKey,
} from "../../../src/client/envelope/index";

const u32be = (n: number) => Uint8Array.from([n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
const lp = (s: string) => concatBytes(u32be(utf8ToBytes(s).length), utf8ToBytes(s));
const run = (start: number, length: number) => new Uint8Array(length).map((_, i) => (start + i) & 0xff);

// Inputs of the vector in docs/envelope.md.
const recipientPrivate = run(0x40, 32);
const salt = run(0x01, 32);
const contentKey = run(0x80, 32);
const nonce = run(0xa0, 12);
const ephemeralPrivate = run(0xc0, 32);
const participant = "participant-A";
const e2e = "E2E-1";

const expected = {
  recipientPublic: "79a631eede1bf9c98f12032cdeadd0e7a079398fc786b88cc846ec89af85a51a",
  keyId: "67ca2ffd6fe9efab",
  payload: "0a200102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f201204474444531a0a496e766f696365203432",
  ephemeralPublic: "dc2cca31e8e43bbd91dff7e475cca3347eb478107d5bd765aba4ae4a30c35d44",
  wrappedKey: "2f15c8e3f65cc2f8dcbe964544f6796afdd51a7241a828d717e5668804aa0c4e18d933f7d668f7935796c4608c1f15a5",
  envelope:
    "0801125e0a0867ca2ffd6fe9efab1220dc2cca31e8e43bbd91dff7e475cca3347eb478107d5bd765aba4ae4a30c35d441a302f15c8e3f65cc2f8dcbe964544f6796afdd51a7241a828d717e5668804aa0c4e18d933f7d668f7935796c4608c1f15a51a0ca0a1a2a3a4a5a6a7a8a9aaab229002d5f42992ddd3692c9afaa1385b9ab96e37e626ca4ce5c7e9167c8b936473c8f5c8fc60fccb6a21649fa14160eeef085b9e8a148000b451975a5f2c22b908ba7839a1de3e2ff616841d00c12d022cfd39f53be2bc6a7dac20b1af2db142ec72e483b107907dcc1b4d1c3b28fabce2fb4e6a495d8490369657e22c10651f1ea075c168733d84390641d9e087b9b0c7be12a51e10bd61d26e3af5e649ef06ea0b589d1f336c99017bb5a60ac57473a878337b26583fe2347b9322343b41f64a2fa43c2a827627d03700f116109faf54b6af24e4b27dbfd77211c343f12210cf00acdca219d93b9b5c7ae158b2492c9861e857188b14a2db9a76da4e623aed433e109d7badaca0f03d900cc79dbe52bfe430",
};

describe("construction in docs/envelope.md", () => {
  const recipientPublic = viewingPublicKey(recipientPrivate);
  const payload = encodePaymentMetadata(newPaymentMetadata("GDDS", "Invoice 42", salt));

  it("reproduces the known-answer vector", () => {
    // The library draws randomness in this order: content key, nonce, one ephemeral key per recipient.
    const draws = [contentKey, nonce, ephemeralPrivate];
    const env = sealEnvelope({
      payload,
      instructingParticipant: participant,
      endToEndId: e2e,
      recipients: [recipientPublic],
      random: () => draws.shift()!,
    });
    expect(bytesToHex(recipientPublic)).toBe(expected.recipientPublic);
    expect(bytesToHex(payload)).toBe(expected.payload);
    expect(bytesToHex(env.recipients[0]!.keyId)).toBe(expected.keyId);
    expect(bytesToHex(env.recipients[0]!.ephemeralPublicKey)).toBe(expected.ephemeralPublic);
    expect(bytesToHex(env.recipients[0]!.wrappedKey)).toBe(expected.wrappedKey);
    expect(bytesToHex(encodeEnvelope(env))).toBe(expected.envelope);
  });

  it("the vector opens with the documented steps alone", () => {
    const env = decodeEnvelope(hexToBytes(expected.envelope));
    const block = env.recipients[0]!;
    const keyId = sha256(recipientPublic).slice(0, 8);
    expect(block.keyId).toEqual(keyId);

    const shared = x25519.getSharedSecret(recipientPrivate, block.ephemeralPublicKey);
    const info = concatBytes(utf8ToBytes("blockchain/paymsg/payload/v1/wrap"), block.ephemeralPublicKey, recipientPublic);
    const wrapKey = hkdf(sha256, shared, new Uint8Array(32), info, 32);
    expect(chacha20poly1305(wrapKey, new Uint8Array(12), keyId).decrypt(block.wrappedKey)).toEqual(contentKey);

    const ad = concatBytes(lp("blockchain/paymsg/payload/v1"), lp(participant), lp(e2e));
    const padded = chacha20poly1305(contentKey, env.nonce, ad).decrypt(env.ciphertext);
    expect(padded.length).toBe(256);
    const len = new DataView(padded.buffer, padded.byteOffset).getUint32(0, false);
    expect(padded.slice(4, 4 + len)).toEqual(payload);
    expect(padded.slice(4 + len).every((b) => b === 0)).toBe(true);
  });

  it("the vector opens and verifies through the library", () => {
    const meta = openAndVerify(decodeEnvelope(hexToBytes(expected.envelope)), {
      privateKey: recipientPrivate,
      instructingParticipant: participant,
      endToEndId: e2e,
      metadataHash: sha256(hexToBytes(expected.payload)),
    });
    expect(meta.purposeCode).toBe("GDDS");
    expect(meta.remittanceInformation).toBe("Invoice 42");
    expect(meta.salt).toEqual(salt);
  });
});
