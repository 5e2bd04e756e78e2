import { sha256 } from "@noble/hashes/sha2.js";
import { describe, expect, it } from "vitest";
import {
  decodePaymentMetadata,
  encodePaymentMetadata,
  EnvelopeError,
  metadataHash,
  newPaymentMetadata,
  SALT_BYTES,
} from "../../../src/client/envelope/index";

const salt = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

describe("PaymentMetadata", () => {
  it("encodes fields in ascending number with length-delimited tags", () => {
    const meta = newPaymentMetadata("GDDS", "Invoice 42", salt);
    const expected = Uint8Array.from([
      0x0a,
      0x20,
      ...salt, // field 1 salt, wire type 2, 32 bytes
      0x12,
      0x04,
      ...ascii("GDDS"), // field 2 purpose_code
      0x1a,
      0x0a,
      ...ascii("Invoice 42"), // field 3 remittance_information
    ]);
    expect(encodePaymentMetadata(meta)).toEqual(expected);
    expect(metadataHash(meta)).toEqual(sha256(expected));
  });

  it("omits default (empty) fields", () => {
    const meta = newPaymentMetadata("", "Invoice 42", salt);
    expect(encodePaymentMetadata(meta)).toEqual(Uint8Array.from([0x0a, 0x20, ...salt, 0x1a, 0x0a, ...ascii("Invoice 42")]));
  });

  it("hash is deterministic for equal metadata and changes with any field", () => {
    const a = newPaymentMetadata("GDDS", "Invoice 42", salt);
    const b = newPaymentMetadata("GDDS", "Invoice 42", Uint8Array.from(salt));
    expect(metadataHash(a)).toEqual(metadataHash(b));
    expect(metadataHash(a)).toHaveLength(32);
    expect(metadataHash(newPaymentMetadata("GDDS", "Invoice 43", salt))).not.toEqual(metadataHash(a));
    expect(metadataHash(newPaymentMetadata("SUPP", "Invoice 42", salt))).not.toEqual(metadataHash(a));
  });

  it("draws a fresh 32-byte salt for every payment", () => {
    const a = newPaymentMetadata("GDDS", "x");
    const b = newPaymentMetadata("GDDS", "x");
    expect(a.salt).toHaveLength(SALT_BYTES);
    expect(a.salt).not.toEqual(b.salt);
    expect(metadataHash(a)).not.toEqual(metadataHash(b));
  });

  it("accepts an injected random source", () => {
    const meta = newPaymentMetadata("GDDS", "x", (n) => new Uint8Array(n).fill(7));
    expect(meta.salt).toEqual(new Uint8Array(32).fill(7));
  });

  it("refuses a salt of the wrong size", () => {
    expect(() => newPaymentMetadata("GDDS", "x", new Uint8Array(31))).toThrow(EnvelopeError);
    expect(() => encodePaymentMetadata({ salt: new Uint8Array(0), purposeCode: "", remittanceInformation: "" })).toThrow(/salt/);
  });

  it("decodes only canonical, well-formed encodings", () => {
    const meta = newPaymentMetadata("GDDS", "Invoice 42", salt);
    expect(decodePaymentMetadata(encodePaymentMetadata(meta))).toEqual(meta);
    // Same fields in the wrong order: decodable but not the canonical bytes the hash covers.
    const reordered = Uint8Array.from([0x12, 0x04, ...ascii("GDDS"), 0x0a, 0x20, ...salt]);
    expect(() => decodePaymentMetadata(reordered)).toThrow(/canonical/);
    expect(() => decodePaymentMetadata(Uint8Array.from([0x0a, 0x01, 0x00]))).toThrow(/salt/);
    expect(() => decodePaymentMetadata(Uint8Array.from([0x0a, 0x40, 0x00]))).toThrow(EnvelopeError);
  });
});
