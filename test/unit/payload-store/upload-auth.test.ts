import { sha256 } from "@noble/hashes/sha2.js";
import secp256k1 from "secp256k1";
import { describe, expect, it } from "vitest";
import { Secp256k1Key } from "../../../src/client/signer";
import { UPLOAD_DOMAIN, signUpload, uploadSignBytes, verifyUploadSignature } from "../../../src/payload-store/upload-auth";

const key = Secp256k1Key.fromSeed("payload-store/participant");
const other = Secp256k1Key.fromSeed("payload-store/other");
const envelope = new Uint8Array([8, 1, 18, 3, 1, 2, 3]);

describe("payload store upload signature", () => {
  it("signs the documented domain-separated message", () => {
    const m = uploadSignBytes("yml1participant", "E2E-1", envelope);
    const expected = Buffer.concat([
      Buffer.from([0, 0, 0, UPLOAD_DOMAIN.length]),
      Buffer.from(UPLOAD_DOMAIN),
      Buffer.from([0, 0, 0, 15]),
      Buffer.from("yml1participant"),
      Buffer.from([0, 0, 0, 5]),
      Buffer.from("E2E-1"),
      Buffer.from(sha256(envelope)),
    ]);
    expect(Buffer.from(m).equals(expected)).toBe(true);
  });

  it("accepts the participant's signature over exactly this payment and envelope", () => {
    const sig = Buffer.from(
      signUpload((b) => key.sign(b), key.address, "E2E-1", envelope),
      "base64",
    );
    expect(verifyUploadSignature(sig, key.pubKey, key.address, "E2E-1", envelope)).toBe(true);
    expect(verifyUploadSignature(sig, other.pubKey, key.address, "E2E-1", envelope)).toBe(false);
    expect(verifyUploadSignature(sig, key.pubKey, key.address, "E2E-2", envelope)).toBe(false);
    expect(verifyUploadSignature(sig, key.pubKey, other.address, "E2E-1", envelope)).toBe(false);
    expect(verifyUploadSignature(sig, key.pubKey, key.address, "E2E-1", new Uint8Array([...envelope, 0]))).toBe(false);
    expect(verifyUploadSignature(sig.subarray(0, 63), key.pubKey, key.address, "E2E-1", envelope)).toBe(false);
  });

  it("refuses the high-S twin of a valid signature", () => {
    const sig = Buffer.from(
      signUpload((b) => key.sign(b), key.address, "E2E-1", envelope),
      "base64",
    );
    const n = BigInt("0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141");
    const s = BigInt(`0x${sig.subarray(32).toString("hex")}`);
    const highS = Buffer.concat([sig.subarray(0, 32), Buffer.from((n - s).toString(16).padStart(64, "0"), "hex")]);
    expect(secp256k1.signatureNormalize(Uint8Array.from(highS))).toEqual(Uint8Array.from(sig));
    expect(verifyUploadSignature(highS, key.pubKey, key.address, "E2E-1", envelope)).toBe(false);
  });
});
