import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Secp256k1Key } from "../../client/signer";
import { accAddress } from "../../types/address";
import { DEFAULT_SCRYPT, open, seal, type SealedSecret } from "./crypto";

export type KeyringBackend = "file" | "test";
export const KEYRING_BACKENDS: KeyringBackend[] = ["file", "test"];

/** What `keys show/list` print, field for field as the Cosmos SDK does. */
export interface KeyInfo {
  name: string;
  type: "local";
  address: string;
  /** The SDK's string form: JSON of the pubkey Any. */
  pubkey: string;
}

interface KeyRecord {
  name: string;
  address: string;
  /** Compressed secp256k1 public key, base64. */
  pubkey: string;
  /** file backend: the private key sealed under the keyring passphrase. */
  sealed?: SealedSecret;
  /** test backend: the private key in the clear. */
  privkey_hex?: string;
  warning?: string;
}

/** Armored export: the private key sealed under an export passphrase. */
export interface ExportedKey {
  type: "blockchaind-exported-key";
  version: 1;
  address: string;
  pubkey: string;
  sealed: SealedSecret;
}

const TEST_WARNING = "TEST KEYRING: this private key is stored UNENCRYPTED; use it only for testing";
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export class KeyringError extends Error {}

export function pubkeyString(pubkey: Uint8Array): string {
  return JSON.stringify({ "@type": "/cosmos.crypto.secp256k1.PubKey", key: Buffer.from(pubkey).toString("base64") });
}

/**
 * Keys under `<home>/keyring-<backend>/<name>.json`, one file each with 0600 permissions in a
 * 0700 directory. The file backend asks for the passphrase only when a private key is used.
 */
export class Keyring {
  readonly dir: string;

  constructor(
    home: string,
    readonly backend: KeyringBackend,
    private readonly passphrase: (purpose: "unlock" | "new") => string | Promise<string>,
    private readonly cost = DEFAULT_SCRYPT,
  ) {
    if (!KEYRING_BACKENDS.includes(backend)) throw new KeyringError(`unknown keyring backend ${JSON.stringify(backend)} (file|test)`);
    this.dir = join(home, `keyring-${backend}`);
  }

  private path(name: string): string {
    return join(this.dir, `${name}.json`);
  }

  private read(name: string): KeyRecord {
    if (!NAME.test(name) || !existsSync(this.path(name)))
      throw new KeyringError(`key ${JSON.stringify(name)} not found in the ${this.backend} keyring`);
    return JSON.parse(readFileSync(this.path(name), "utf8")) as KeyRecord;
  }

  private records(): KeyRecord[] {
    if (!existsSync(this.dir)) return [];
    return readdirSync(this.dir)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => this.read(f.slice(0, -5)));
  }

  list(): KeyInfo[] {
    return this.records().map(info);
  }

  has(name: string): boolean {
    return NAME.test(name) && existsSync(this.path(name));
  }

  /** By name, or by address among the stored keys. */
  show(nameOrAddress: string): KeyInfo {
    if (this.has(nameOrAddress)) return info(this.read(nameOrAddress));
    const found = this.records().find((r) => r.address === nameOrAddress);
    if (!found) throw new KeyringError(`key ${JSON.stringify(nameOrAddress)} not found in the ${this.backend} keyring`);
    return info(found);
  }

  async add(name: string, key: Secp256k1Key): Promise<KeyInfo> {
    if (!NAME.test(name)) throw new KeyringError(`invalid key name ${JSON.stringify(name)}: letters, digits, . _ - (at most 64)`);
    if (this.has(name)) throw new KeyringError(`key ${JSON.stringify(name)} already exists; delete it first`);
    const record: KeyRecord = { name, address: key.address, pubkey: Buffer.from(key.pubKey).toString("base64") };
    if (this.backend === "test") {
      record.warning = TEST_WARNING;
      record.privkey_hex = Buffer.from(key.privKey).toString("hex");
    } else {
      const passphrase = await this.passphrase("new");
      // One passphrase per keyring, as the SDK's file keyring: a new key must use the existing one.
      const other = this.records().find((r) => r.sealed);
      if (other) open(other.sealed!, passphrase, other.address);
      record.sealed = seal(key.privKey, passphrase, key.address, this.cost);
    }
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
    chmodSync(this.dir, 0o700);
    writeFileSync(this.path(name), `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600, flag: "wx" });
    return info(record);
  }

  delete(name: string): void {
    this.read(name);
    unlinkSync(this.path(name));
  }

  /** The signing key; the file backend asks for the passphrase here. */
  async key(nameOrAddress: string): Promise<Secp256k1Key> {
    const record = this.read(this.show(nameOrAddress).name);
    const priv =
      record.privkey_hex !== undefined
        ? new Uint8Array(Buffer.from(record.privkey_hex, "hex"))
        : open(record.sealed!, await this.passphrase("unlock"), record.address);
    const key = new Secp256k1Key(priv);
    if (key.address !== record.address) throw new KeyringError(`key file ${this.path(record.name)} is corrupt: address mismatch`);
    return key;
  }

  async export(name: string, exportPassphrase: string): Promise<ExportedKey> {
    const key = await this.key(name);
    return {
      type: "blockchaind-exported-key",
      version: 1,
      address: key.address,
      pubkey: Buffer.from(key.pubKey).toString("base64"),
      sealed: seal(key.privKey, exportPassphrase, key.address, this.cost),
    };
  }

  async import(name: string, exported: ExportedKey, exportPassphrase: string): Promise<KeyInfo> {
    if (exported?.type !== "blockchaind-exported-key" || !accAddress.isValid(exported.address))
      throw new KeyringError("not a blockchaind exported key");
    return this.add(name, new Secp256k1Key(open(exported.sealed, exportPassphrase, exported.address)));
  }
}

function info(r: KeyRecord): KeyInfo {
  return { name: r.name, type: "local", address: r.address, pubkey: pubkeyString(new Uint8Array(Buffer.from(r.pubkey, "base64"))) };
}
