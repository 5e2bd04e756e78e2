import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CommitmentProof } from "cosmjs-types/cosmos/ics23/v1/proofs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_FAUCET_ADDRESS } from "../../src/cli/dev-keys";
import { PROJECT_ROOT } from "../../src/cli/home";
import { appHashAt, rpc, waitForHeight } from "../../src/cli/localnet";
import { verifyCommitmentProof, type ProofOpLike } from "../../src/client/commitment-proof";
import { BankKeeper } from "../../src/modules/bank/keeper";
import { accAddress } from "../../src/types/address";
import { startLocalnet } from "./helpers";

/**
 * Proofs a real node answers on abci_query `/store/bank/key` (prove = true) checked by ibc-go's
 * verifier: the ics23 Go module ibc-go v10.7.0 builds with, chained over [store, key] with
 * the specs a relayer gives the counterparty's client (IavlSpec, TendermintSpec), against the
 * app hash in the header of the next block. Our verifyCommitmentProof must agree on every case.
 */

interface GoCheck {
  name: string;
  root: string;
  store: string;
  key: string;
  value: string | null;
  proofs: string[];
}

const VERIFIER_DIR = join(PROJECT_ROOT, "test", "e2e", "ics23-verifier");
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

/** Builds the Go verifier (module proxy per go's settings; go.sum pins every module). */
function buildVerifier(outDir: string): string {
  const bin = join(outDir, "ics23-verifier");
  const env = { ...process.env, PATH: `${process.env.PATH ?? ""}:/usr/local/go/bin` };
  execFileSync("go", ["build", "-o", bin, "."], { cwd: VERIFIER_DIR, env, stdio: ["ignore", "inherit", "inherit"], timeout: 300_000 });
  if (!existsSync(bin)) throw new Error("the ics23 Go verifier did not build");
  return bin;
}

function goVerify(bin: string, checks: GoCheck[]): Map<string, { ok: boolean; error?: string }> {
  const out = execFileSync(bin, [], { input: JSON.stringify(checks), encoding: "utf8" });
  const results = out
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { name: string; ok: boolean; error?: string });
  expect(results.map((r) => r.name)).toEqual(checks.map((c) => c.name));
  return new Map(results.map((r) => [r.name, r]));
}

interface AbciProof {
  value: Uint8Array;
  ops: ProofOpLike[];
}

async function proveOnNode(url: string, store: string, key: Uint8Array, height: number): Promise<AbciProof> {
  const out = await rpc<{
    response: { code: number; log: string; value: string | null; proofOps?: { ops: { type: string; key: string; data: string }[] } };
  }>(url, "abci_query", { path: `"/store/${store}/key"`, data: `0x${hex(key)}`, height: String(height), prove: "true" });
  if (out.response.code !== 0) throw new Error(`abci_query /store/${store}/key: ${out.response.log}`);
  const ops = (out.response.proofOps?.ops ?? []).map((o) => ({
    type: o.type,
    key: Buffer.from(o.key, "base64"),
    data: Buffer.from(o.data, "base64"),
  }));
  return { value: Buffer.from(out.response.value ?? "", "base64"), ops };
}

describe("ibc-go's ICS-23 verification of a real node's proofs", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>>;
  let buildDir: string;
  let verifier: string;

  beforeAll(async () => {
    buildDir = mkdtempSync(join(tmpdir(), "ics23-verifier-"));
    verifier = buildVerifier(buildDir);
    net = await startLocalnet({ validators: 1, basePort: 33657 });
    await waitForHeight(net.nodes[0].rpcUrl, 5);
  }, 360_000);

  afterAll(async () => {
    await net?.cleanup();
    if (buildDir) rmSync(buildDir, { recursive: true, force: true });
  });

  it("accepts present and absent keys (inside the store and past both ends) and refuses tampered claims", async () => {
    const url = net.nodes[0].rpcUrl;
    const height = 3;
    const root = Buffer.from(await appHashAt(url, height + 1), "hex");
    const later = Buffer.from(await appHashAt(url, height + 2), "hex");
    expect(later.equals(root)).toBe(false);
    const bank = new BankKeeper({} as ConstructorParameters<typeof BankKeeper>[0]);
    const balanceKey = (address: Uint8Array) => bank.balances.rawKey([address, "uyml"]).subarray("bank/".length);
    const present = balanceKey(accAddress.decode(DEV_FAUCET_ADDRESS));
    const cases: { name: string; key: Uint8Array; expectPresent: boolean }[] = [
      { name: "faucet balance", key: present, expectPresent: true },
      { name: "unfunded balance", key: balanceKey(new Uint8Array(20).fill(0x5a)), expectPresent: false },
      { name: "before every key", key: Uint8Array.of(0x00), expectPresent: false },
      { name: "after every key", key: new Uint8Array(8).fill(0xff), expectPresent: false },
    ];
    const checks: GoCheck[] = [];
    const ours = new Map<string, boolean>();
    /** A claim both verifiers judge; for another store, our op names that store as a node would. */
    const add = (name: string, key: Uint8Array, value: Uint8Array | undefined, ops: ProofOpLike[], r = root, store = "bank") => {
      const proofs = ops.map((o) => hex(o.data));
      checks.push({ name, root: hex(r), store, key: hex(key), value: value ? hex(value) : null, proofs });
      const claimed = store === "bank" ? ops : [ops[0]!, { ...ops[1]!, key: new TextEncoder().encode(store) }];
      ours.set(name, verifyCommitmentProof(r, store, key, value, claimed));
    };
    for (const c of cases) {
      const { value, ops } = await proveOnNode(url, "bank", c.key, height);
      expect(value.length > 0, c.name).toBe(c.expectPresent);
      expect(ops.map((o) => o.type)).toEqual(["ics23:iavl", "ics23:simple"]);
      add(c.name, c.key, c.expectPresent ? value : undefined, ops);
      // The same proof for a claim it does not support, or against another block's app hash.
      if (c.expectPresent) {
        add(`${c.name}: other value`, c.key, Uint8Array.from([...value, 0]), ops);
        add(`${c.name}: claimed absent`, c.key, undefined, ops);
      } else {
        add(`${c.name}: claimed present`, c.key, Uint8Array.of(1), ops);
      }
      add(`${c.name}: in another store`, c.key, c.expectPresent ? value : undefined, ops, root, "auth");
      const non = CommitmentProof.decode(ops[0]!.data).nonexist;
      if (non?.left && non.right) {
        const swapped = CommitmentProof.encode({ nonexist: { key: non.key, left: non.right, right: non.left } }).finish();
        add(`${c.name}: neighbours swapped`, c.key, undefined, [{ ...ops[0]!, data: swapped }, ops[1]!]);
      }
      add(`${c.name}: other app hash`, c.key, c.expectPresent ? value : undefined, ops, later);
    }
    expect(checks.some((c) => c.name.endsWith("neighbours swapped"))).toBe(true);
    const results = goVerify(verifier, checks);
    for (const c of checks) {
      const expected = cases.some((k) => k.name === c.name);
      expect({ name: c.name, go: results.get(c.name)!.ok, error: results.get(c.name)!.error }).toMatchObject({
        name: c.name,
        go: expected,
      });
      expect({ name: c.name, ours: ours.get(c.name) }).toEqual({ name: c.name, ours: expected });
    }
  });
});
