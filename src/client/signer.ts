import { Bip39, EnglishMnemonic, Slip10, Slip10Curve, stringToPath } from "@cosmjs/crypto";
import secp256k1 from "secp256k1";
import { createHash, randomBytes } from "node:crypto";
import { accAddress, secp256k1Address } from "../types/address";

/** The Cosmos HD path for coin type 118, account 0, index 0. */
export const DEFAULT_HD_PATH = "m/44'/118'/0'/0/0";

/**
 * A secp256k1 account key held in memory: signs SHA-256 digests with low-S signatures
 * (libsecp256k1 always normalises), the form the ante handler requires.
 */
export class Secp256k1Key {
  readonly pubKey: Uint8Array;
  readonly address: string;

  constructor(readonly privKey: Uint8Array) {
    if (!secp256k1.privateKeyVerify(privKey)) throw new Error("invalid secp256k1 private key");
    this.pubKey = secp256k1.publicKeyCreate(privKey, true);
    this.address = accAddress.encode(secp256k1Address(this.pubKey));
  }

  static random(): Secp256k1Key {
    for (;;) {
      const candidate = randomBytes(32);
      if (secp256k1.privateKeyVerify(candidate)) return new Secp256k1Key(candidate);
    }
  }

  /** Deterministic key for tests and dev accounts: the private key is SHA-256 of the seed string. */
  static fromSeed(seed: string): Secp256k1Key {
    return new Secp256k1Key(createHash("sha256").update(seed).digest());
  }

  static async fromMnemonic(mnemonic: string, hdPath = DEFAULT_HD_PATH): Promise<Secp256k1Key> {
    const seed = await Bip39.mnemonicToSeed(new EnglishMnemonic(mnemonic));
    const { privkey } = Slip10.derivePath(Slip10Curve.Secp256k1, seed, stringToPath(hdPath));
    return new Secp256k1Key(privkey);
  }

  static generateMnemonic(): string {
    return Bip39.encode(randomBytes(32)).toString();
  }

  /** 64-byte r||s over SHA-256(signBytes). */
  sign(signBytes: Uint8Array): Uint8Array {
    const digest = createHash("sha256").update(signBytes).digest();
    return secp256k1.ecdsaSign(digest, this.privKey).signature;
  }
}
