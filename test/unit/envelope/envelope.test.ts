import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";
import {
  CONTENT_KEY_BYTES,
  decodeEnvelope,
  encodeEnvelope,
  encodePaymentMetadata,
  EnvelopeError,
  EPHEMERAL_KEY_BYTES,
  generateViewingKey,
  KEY_ID_BYTES,
  keyId,
  metadataHash,
  newPaymentMetadata,
  NONCE_BYTES,
  openAndVerify,
  openEnvelope,
  sealEnvelope,
  verifyAgainstHash,
  WRAPPED_KEY_BYTES,
  type PayloadEnvelope,
} from "../../../src/client/envelope/index";
import { flipByte } from "./setup";

const participant = "cosmos1instructingparticipantxxxxxxxxxxxx";
const e2e = "E2E-2024-000123";

const payer = generateViewingKey();
const payee = generateViewingKey();
const regulator = generateViewingKey();
const auditor = generateViewingKey();
const parties = { payer, payee, regulator, auditor };

const meta = newPaymentMetadata("GDDS", "Invoice 42 / PO 7781");
const payload = encodePaymentMetadata(meta);
const hash = metadataHash(meta);

function seal(over: Partial<Parameters<typeof sealEnvelope>[0]> = {}): PayloadEnvelope {
  return sealEnvelope({
    payload,
    instructingParticipant: participant,
    endToEndId: e2e,
    recipients: Object.values(parties).map((k) => k.publicKey),
    ...over,
  });
}

const open = (env: PayloadEnvelope, privateKey: Uint8Array, p = participant, id = e2e) =>
  openEnvelope(env, { privateKey, instructingParticipant: p, endToEndId: id });

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(EnvelopeError);
    return (e as EnvelopeError).code;
  }
  return undefined;
}

describe("sealEnvelope / openEnvelope", () => {
  it("every entitled party opens the same payload, matching the on-chain hash", () => {
    const env = seal();
    for (const [name, key] of Object.entries(parties)) {
      const opened = open(env, key.privateKey);
      expect(opened, name).toEqual(payload);
      expect(sha256(opened), name).toEqual(hash);
      expect(
        openAndVerify(env, { privateKey: key.privateKey, instructingParticipant: participant, endToEndId: e2e, metadataHash: hash }),
      ).toEqual(meta);
    }
  });

  it("survives the binary round trip a payload store performs", () => {
    const env = decodeEnvelope(encodeEnvelope(seal()));
    expect(open(env, regulator.privateKey)).toEqual(payload);
  });

  it("a key outside the recipients cannot open", () => {
    expect(codeOf(() => open(seal(), generateViewingKey().privateKey))).toBe("not_a_recipient");
  });

  it("refuses a flipped ciphertext byte", () => {
    const env = seal();
    for (const i of [0, 100, env.ciphertext.length - 1]) {
      const tampered = { ...env, ciphertext: flipByte(env.ciphertext, i) };
      expect(codeOf(() => open(tampered, payee.privateKey))).toBe("authentication_failed");
    }
  });

  it("refuses a flipped nonce byte", () => {
    const env = seal();
    expect(codeOf(() => open({ ...env, nonce: flipByte(env.nonce, 0) }, payee.privateKey))).toBe("authentication_failed");
  });

  it("refuses a flipped wrapped-key or ephemeral-key byte for that recipient only", () => {
    const env = seal();
    const idx = env.recipients.findIndex((b) => keyId(payee.publicKey).every((x, i) => x === b.keyId[i]));
    for (const field of ["wrappedKey", "ephemeralPublicKey"] as const) {
      const recipients = env.recipients.map((b, i) => (i === idx ? { ...b, [field]: flipByte(b[field], 5) } : b));
      const tampered = { ...env, recipients };
      expect(
        codeOf(() => open(tampered, payee.privateKey)),
        field,
      ).toBe("not_a_recipient");
      expect(open(tampered, payer.privateKey)).toEqual(payload);
    }
  });

  it("refuses a wrong end_to_end_id or instructing participant (associated data)", () => {
    const env = seal();
    expect(codeOf(() => open(env, payer.privateKey, participant, "E2E-2024-000124"))).toBe("authentication_failed");
    expect(codeOf(() => open(env, payer.privateKey, "cosmos1someoneelse", e2e))).toBe("authentication_failed");
    // Length prefixes keep the boundary between the two fields from shifting.
    expect(codeOf(() => open(env, payer.privateKey, participant + "E", e2e.slice(1)))).toBe("authentication_failed");
  });

  it("refuses versions it does not implement", () => {
    const env = seal();
    for (const version of [0, 2, 0xffffffff]) {
      expect(() => open({ ...env, version }, payer.privateKey)).toThrow(/version/);
      expect(codeOf(() => open({ ...env, version }, payer.privateKey))).toBe("unsupported_version");
    }
  });

  it("uses key_id only as a hint: reordered or tampered ids still open", () => {
    const env = seal();
    const reversed = { ...env, recipients: [...env.recipients].reverse() };
    const zeroed = { ...env, recipients: env.recipients.map((b) => ({ ...b, keyId: new Uint8Array(KEY_ID_BYTES) })) };
    const rotatedIds = {
      ...env,
      recipients: env.recipients.map((b, i, all) => ({ ...b, keyId: all[(i + 1) % all.length]!.keyId })),
    };
    for (const variant of [reversed, zeroed, rotatedIds]) {
      for (const key of Object.values(parties)) expect(open(variant, key.privateKey)).toEqual(payload);
    }
  });

  it("every field has the size the Limits fix", () => {
    const env = seal();
    expect(env.version).toBe(1);
    expect(env.nonce).toHaveLength(NONCE_BYTES);
    expect(env.recipients).toHaveLength(4);
    for (const [i, b] of env.recipients.entries()) {
      expect(b.keyId).toHaveLength(KEY_ID_BYTES);
      expect(b.ephemeralPublicKey).toHaveLength(EPHEMERAL_KEY_BYTES);
      expect(b.wrappedKey).toHaveLength(WRAPPED_KEY_BYTES);
      expect(b.wrappedKey).toHaveLength(CONTENT_KEY_BYTES + 16);
      expect(b.keyId).toEqual(keyId(Object.values(parties)[i]!.publicKey));
    }
    expect(meta.salt).toHaveLength(32);
  });

  it.each([0, 1, 255, 256, 257])("ciphertext of a %i-byte payload is a multiple of 256 plus the tag", (size) => {
    const body = Uint8Array.from({ length: size }, (_, i) => i & 0xff);
    const env = seal({ payload: body });
    expect((env.ciphertext.length - 16) % 256).toBe(0);
    expect(env.ciphertext.length - 16).toBe(Math.ceil((size + 4) / 256) * 256);
    expect(open(env, auditor.privateKey)).toEqual(body);
  });

  it("uses fresh nonce, content key and ephemeral keys every time", () => {
    const a = seal();
    const b = seal();
    expect(a.nonce).not.toEqual(b.nonce);
    expect(a.ciphertext).not.toEqual(b.ciphertext);
    const ephemerals = new Set([...a.recipients, ...b.recipients].map((r) => Buffer.from(r.ephemeralPublicKey).toString("hex")));
    expect(ephemerals.size).toBe(8);
  });

  it("seals a repeated recipient key once", () => {
    const env = seal({ recipients: [payer.publicKey, payee.publicKey, payer.publicKey] });
    expect(env.recipients).toHaveLength(2);
  });

  it("refuses to seal for no recipients, a mis-sized key or a low-order key", () => {
    expect(codeOf(() => seal({ recipients: [] }))).toBe("malformed");
    expect(codeOf(() => seal({ recipients: [new Uint8Array(31)] }))).toBe("malformed");
    expect(codeOf(() => seal({ recipients: [new Uint8Array(32)] }))).toBe("malformed");
  });

  it("refuses envelopes whose sizes break the Limits", () => {
    const env = seal();
    const block = env.recipients[0]!;
    const bad: PayloadEnvelope[] = [
      { ...env, nonce: new Uint8Array(24) },
      { ...env, ciphertext: env.ciphertext.slice(0, env.ciphertext.length - 1) },
      { ...env, ciphertext: new Uint8Array(16) },
      { ...env, recipients: [] },
      { ...env, recipients: [{ ...block, keyId: new Uint8Array(32) }] },
      { ...env, recipients: [{ ...block, ephemeralPublicKey: new Uint8Array(33) }] },
      { ...env, recipients: [{ ...block, wrappedKey: new Uint8Array(32) }] },
    ];
    for (const e of bad) expect(codeOf(() => open(e, payer.privateKey))).toBe("malformed");
  });

  it("decodeEnvelope refuses garbage", () => {
    expect(codeOf(() => decodeEnvelope(Uint8Array.from([0x22, 0x40, 0x01])))).toBe("malformed");
  });
});

describe("verifyAgainstHash / openAndVerify", () => {
  it("returns the metadata when the hash matches", () => {
    expect(verifyAgainstHash(payload, hash)).toEqual(meta);
  });

  it("throws when the payload does not match the on-chain hash", () => {
    expect(codeOf(() => verifyAgainstHash(payload, flipByte(hash, 0)))).toBe("hash_mismatch");
    const other = encodePaymentMetadata(newPaymentMetadata("GDDS", "Invoice 42 / PO 7781"));
    expect(codeOf(() => verifyAgainstHash(other, hash))).toBe("hash_mismatch");
    const env = seal({ payload: other });
    expect(
      codeOf(() =>
        openAndVerify(env, { privateKey: payer.privateKey, instructingParticipant: participant, endToEndId: e2e, metadataHash: hash }),
      ),
    ).toBe("hash_mismatch");
  });

  it("throws when the hash matches bytes that are not PaymentMetadata", () => {
    const junk = Uint8Array.from([0xff, 0xff]);
    expect(codeOf(() => verifyAgainstHash(junk, sha256(junk)))).toBe("invalid_metadata");
  });
});
