import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { Secp256k1Key } from "../../../src/client/signer";
import { open, seal, WrongPassphraseError } from "../../../src/cli/keyring/crypto";
import { Keyring } from "../../../src/cli/keyring/keyring";

const dir = mkdtempSync(join(tmpdir(), "keyring-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const FAST = { n: 1 << 10, r: 8, p: 1 };

describe("sealed secrets", () => {
  it("round-trip under the right passphrase; a wrong one or another context is refused", () => {
    const secret = new Uint8Array(32).fill(9);
    const s = seal(secret, "pass phrase", "yml1a", FAST);
    expect(open(s, "pass phrase", "yml1a")).toEqual(secret);
    expect(() => open(s, "wrong", "yml1a")).toThrow(WrongPassphraseError);
    expect(() => open(s, "pass phrase", "yml1b")).toThrow(WrongPassphraseError);
    // The first byte flipped (replacing it with a constant would leave it as it was 1 time in 256).
    const flipped = (parseInt(s.ciphertext.slice(0, 2), 16) ^ 0xff).toString(16).padStart(2, "0");
    expect(() => open({ ...s, ciphertext: `${flipped}${s.ciphertext.slice(2)}` }, "pass phrase", "yml1a")).toThrow(WrongPassphraseError);
  });
});

describe("Keyring", () => {
  const key = Secp256k1Key.fromSeed("keyring-test");

  it("file backend: encrypted at rest, 0600 files in a 0700 directory, the key back with the passphrase", async () => {
    let asked = 0;
    const ring = new Keyring(join(dir, "a"), "file", () => (asked++, "s3cret-pass"), FAST);
    const info = await ring.add("k1", key);
    expect(info).toMatchObject({ name: "k1", type: "local", address: key.address });
    expect(asked).toBe(1);
    const path = join(ring.dir, "k1.json");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(ring.dir).mode & 0o777).toBe(0o700);
    expect(readFileSync(path, "utf8")).not.toContain(Buffer.from(key.privKey).toString("hex"));
    expect(ring.show("k1").address).toBe(key.address);
    expect(ring.show(key.address).name).toBe("k1");
    expect(Buffer.from((await ring.key("k1")).privKey).toString("hex")).toBe(Buffer.from(key.privKey).toString("hex"));
    await expect(ring.add("k1", key)).rejects.toThrow(/already exists/);
  });

  it("file backend: a wrong passphrase is refused, also for a second key", async () => {
    const ring = new Keyring(join(dir, "a"), "file", () => "not the passphrase", FAST);
    await expect(ring.key("k1")).rejects.toThrow(WrongPassphraseError);
    await expect(ring.add("k2", Secp256k1Key.fromSeed("other"))).rejects.toThrow(WrongPassphraseError);
  });

  it("test backend: plain, marked as for testing, still 0600", async () => {
    const ring = new Keyring(join(dir, "b"), "test", () => {
      throw new Error("no passphrase for the test backend");
    });
    await ring.add("t", key);
    const text = readFileSync(join(ring.dir, "t.json"), "utf8");
    expect(text).toContain("UNENCRYPTED");
    expect(statSync(join(ring.dir, "t.json")).mode & 0o777).toBe(0o600);
    expect((await ring.key("t")).address).toBe(key.address);
    expect(ring.list().map((k) => k.name)).toEqual(["t"]);
    ring.delete("t");
    expect(ring.list()).toEqual([]);
    expect(() => ring.show("t")).toThrow(/not found/);
  });

  it("export/import under a separate passphrase", async () => {
    const from = new Keyring(join(dir, "c"), "test", () => "", FAST);
    await from.add("x", key);
    const exported = await from.export("x", "export-pass");
    expect(JSON.stringify(exported)).not.toContain(Buffer.from(key.privKey).toString("hex"));
    const to = new Keyring(join(dir, "d"), "test", () => "", FAST);
    await expect(to.import("y", exported, "nope")).rejects.toThrow(WrongPassphraseError);
    expect((await to.import("y", exported, "export-pass")).address).toBe(key.address);
  });

  it("rejects bad names and unknown backends", async () => {
    const ring = new Keyring(join(dir, "e"), "test", () => "");
    await expect(ring.add("../evil", key)).rejects.toThrow(/invalid key name/);
    expect(() => new Keyring(dir, "os" as never, () => "")).toThrow(/unknown keyring backend/);
  });
});
