import { randomBytes } from "node:crypto";
import { xchacha20poly1305 } from "@noble/ciphers/chacha.js";
import { scrypt } from "@noble/hashes/scrypt.js";

/** A secret sealed under a passphrase: scrypt key derivation, XChaCha20-Poly1305 encryption. */
export interface SealedSecret {
  kdf: "scrypt";
  /** scrypt cost parameters, stored so they can be raised later without breaking old keys. */
  n: number;
  r: number;
  p: number;
  salt: string;
  cipher: "xchacha20-poly1305";
  nonce: string;
  ciphertext: string;
}

/** 2^15 × 8 × 128 B = 32 MiB of memory per guess, ~0.1 s on a laptop. */
export const DEFAULT_SCRYPT = { n: 1 << 15, r: 8, p: 1 };

export class WrongPassphraseError extends Error {
  constructor() {
    super("wrong passphrase (or the key file was altered)");
  }
}

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");
const unhex = (s: string) => new Uint8Array(Buffer.from(s, "hex"));

function deriveKey(passphrase: string, salt: Uint8Array, o: { n: number; r: number; p: number }): Uint8Array {
  return scrypt(new TextEncoder().encode(passphrase.normalize("NFKD")), salt, { N: o.n, r: o.r, p: o.p, dkLen: 32 });
}

/** `context` (the key's address) is authenticated so a ciphertext cannot be moved onto another record. */
export function seal(secret: Uint8Array, passphrase: string, context: string, cost = DEFAULT_SCRYPT): SealedSecret {
  const salt = randomBytes(16);
  const nonce = randomBytes(24);
  const key = deriveKey(passphrase, salt, cost);
  const ciphertext = xchacha20poly1305(key, nonce, new TextEncoder().encode(context)).encrypt(secret);
  return { kdf: "scrypt", ...cost, salt: hex(salt), cipher: "xchacha20-poly1305", nonce: hex(nonce), ciphertext: hex(ciphertext) };
}

export function open(sealed: SealedSecret, passphrase: string, context: string): Uint8Array {
  if (sealed.kdf !== "scrypt" || sealed.cipher !== "xchacha20-poly1305")
    throw new Error(`unsupported key encryption ${sealed.kdf}/${sealed.cipher}`);
  const key = deriveKey(passphrase, unhex(sealed.salt), sealed);
  try {
    return xchacha20poly1305(key, unhex(sealed.nonce), new TextEncoder().encode(context)).decrypt(unhex(sealed.ciphertext));
  } catch {
    throw new WrongPassphraseError();
  }
}
