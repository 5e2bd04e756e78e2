import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_FAUCET_ADDRESS, DEV_FAUCET_MNEMONIC } from "../../../src/cli/dev-keys";
import { moduleAddress } from "../../../src/types/address";
import { DEV_CHAIN_ID } from "../../../src/cli/commands/start";
import { mustCli, runCli } from "./cli-runner";
import { startDevNode, waitForHeight, type DevNodeProcess } from "./dev-node";

const dir = mkdtempSync(join(tmpdir(), "cli-walk-"));
const home = join(dir, "client");
const CHAIN_ID = DEV_CHAIN_ID;
let node: DevNodeProcess;
const test = () => ["--home", home, "--keyring-backend", "test"];
const net = () => ["--node", node.rpcUrl];
const rest = () => ["--rest", node.restUrl];

async function balance(address: string, denom = "uyml"): Promise<bigint> {
  const out = JSON.parse(await mustCli(["query", "bank", "balances", address, ...net(), "--output", "json"]));
  return BigInt(out.balances.find((c: { denom: string }) => c.denom === denom)?.amount ?? "0");
}

beforeAll(async () => {
  node = await startDevNode(join(dir, "node"));
  await waitForHeight(node.rpcUrl, 1);
});
afterAll(async () => {
  await node?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("the running start --dev node's endpoints", () => {
  it("serves REST at the app.toml [api] address", async () => {
    const res = await fetch(`${node.restUrl}/cosmos/bank/v1beta1/balances/${DEV_FAUCET_ADDRESS}`);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("x-cosmos-block-height"))).toBeGreaterThan(0);
    const body = (await res.json()) as { balances: Array<{ denom: string; amount: string }> };
    expect(BigInt(body.balances.find((c) => c.denom === "uyml")!.amount)).toBeGreaterThan(0n);
  });

  it("serves CometBFT JSON-RPC at the app.toml [rpc] address", async () => {
    const res = await fetch(node.rpcUrl, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "status", params: {} }) });
    const body = (await res.json()) as any;
    expect(body.result.node_info).toMatchObject({ network: CHAIN_ID, version: "0.38.25" });
  });
});

describe("blockchaind client walkthrough", () => {
  let alice = "";

  it("init writes a node home for the chain id", async () => {
    const out = JSON.parse(await mustCli(["init", "walker", "--chain-id", CHAIN_ID, "--home", join(dir, "inited")]));
    expect(out.chain_id).toBe(CHAIN_ID);
  });

  it("keys add --recover imports the dev faucet from stdin; keys add prints a new mnemonic once", async () => {
    const faucet = JSON.parse(
      await mustCli(["keys", "add", "faucet", "--recover", ...test(), "--output", "json"], { input: `${DEV_FAUCET_MNEMONIC}\n` }),
    );
    expect(faucet).toMatchObject({ name: "faucet", type: "local", address: DEV_FAUCET_ADDRESS });
    expect(JSON.parse(faucet.pubkey)["@type"]).toBe("/cosmos.crypto.secp256k1.PubKey");
    const created = JSON.parse(await mustCli(["keys", "add", "alice", ...test(), "--output", "json"]));
    expect(created.mnemonic.split(" ")).toHaveLength(24);
    alice = created.address;
    const file = join(home, "keyring-test", "alice.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, "utf8")).toContain("UNENCRYPTED");
    const shown = await mustCli(["keys", "show", "alice", "-a", ...test()]);
    expect(shown.trim()).toBe(alice);
    const list = JSON.parse(await mustCli(["keys", "list", ...test(), "--output", "json"]));
    expect(list.map((k: { name: string }) => k.name)).toEqual(["alice", "faucet"]);
  });

  it("status reports the chain id and height", async () => {
    const s = JSON.parse(await mustCli(["status", ...net()]));
    expect(s.node_info.network).toBe(CHAIN_ID);
    expect(BigInt(s.sync_info.latest_block_height)).toBeGreaterThan(0n);
    expect(s.sync_info.catching_up).toBe(false);
  });

  it("tx bank send (SDK positional form) moves funds; query bank balances shows them", async () => {
    const out = JSON.parse(
      await mustCli(["tx", "bank", "send", "faucet", alice, "5000000uyml", ...test(), ...net(), "--fees", "5000uyml", "--yes", "--wait"]),
    );
    expect(out.code).toBe(0);
    expect(out.txhash).toMatch(/^[0-9A-F]{64}$/);
    expect(BigInt(out.height)).toBeGreaterThan(0n);
    expect(await balance(alice)).toBe(5_000_000n);
    const text = await mustCli(["query", "bank", "balances", alice, ...net()]);
    expect(text).toContain('amount: "5000000"');
  });

  it("--rest: the same query and a send through the node's REST gateway", async () => {
    const viaRpc = JSON.parse(await mustCli(["query", "bank", "balances", alice, ...net(), "--output", "json"]));
    const viaRest = JSON.parse(await mustCli(["query", "bank", "balances", alice, ...rest(), "--output", "json"]));
    expect(viaRest).toEqual(viaRpc);
    const out = JSON.parse(
      await mustCli(["tx", "bank", "send", "faucet", alice, "2000uyml", ...test(), ...rest(), "--fees", "5000uyml", "--yes", "--wait"]),
    );
    expect(out.code).toBe(0);
    expect(await balance(alice)).toBe(5_002_000n);
    // --height answers with the state before the send, through either endpoint.
    const before = String(BigInt(out.height) - 1n);
    for (const via of [net(), rest()]) {
      const old = JSON.parse(await mustCli(["query", "bank", "balances", alice, ...via, "--output", "json", "--height", before]));
      expect(old.balances).toEqual([{ denom: "uyml", amount: "5000000" }]);
    }
    // Back to the amount the later steps expect.
    const back = JSON.parse(
      await mustCli([
        "tx",
        "bank",
        "send",
        "alice",
        DEV_FAUCET_ADDRESS,
        "2000uyml",
        ...test(),
        ...rest(),
        "--fees",
        "0uyml",
        "--yes",
        "--wait",
      ]),
    );
    expect(back.code).toBe(0);
    expect(await balance(alice)).toBe(5_000_000n);
  });

  it("--gas auto simulates and signs with the estimate", async () => {
    const r = await runCli([
      "tx",
      "bank",
      "send",
      "--to-address",
      DEV_FAUCET_ADDRESS,
      "--amount",
      "1000uyml",
      "--from",
      "alice",
      ...test(),
      ...net(),
      "--gas",
      "auto",
      "--gas-prices",
      "0.01uyml",
      "--yes",
      "--wait",
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/estimated gas: \d+/);
    const gas = BigInt(/estimated gas: (\d+)/.exec(r.stderr)![1]);
    expect(BigInt(JSON.parse(r.stdout).gas_wanted)).toBe(gas);
    const fee = (gas + 99n) / 100n;
    expect(await balance(alice)).toBe(5_000_000n - 1000n - fee);
  });

  it("--generate-only, then tx sign, then tx broadcast", async () => {
    const before = await balance(alice);
    const unsigned = await mustCli([
      "tx",
      "bank",
      "send",
      alice,
      DEV_FAUCET_ADDRESS,
      "777uyml",
      "--generate-only",
      "--memo",
      "offline",
      ...test(),
      ...net(),
    ]);
    const tx = JSON.parse(unsigned);
    expect(tx.body.messages[0]).toMatchObject({
      "@type": "/cosmos.bank.v1beta1.MsgSend",
      from_address: alice,
      amount: [{ denom: "uyml", amount: "777" }],
    });
    expect(tx.signatures).toEqual([]);
    writeFileSync(join(dir, "unsigned.json"), unsigned);
    const signed = await mustCli(["tx", "sign", join(dir, "unsigned.json"), "--from", "alice", ...test(), ...net()]);
    expect(JSON.parse(signed).signatures).toHaveLength(1);
    expect(JSON.parse(signed).body.memo).toBe("offline");
    writeFileSync(join(dir, "signed.json"), signed);
    const out = JSON.parse(await mustCli(["tx", "broadcast", join(dir, "signed.json"), ...net(), "--wait"]));
    expect(out.code).toBe(0);
    expect(await balance(alice)).toBe(before - 777n);
  });

  it("tx sign --encoding base64 output broadcasts too", async () => {
    const before = await balance(alice);
    writeFileSync(
      join(dir, "u2.json"),
      await mustCli(["tx", "bank", "send", alice, DEV_FAUCET_ADDRESS, "1uyml", "--generate-only", ...test()]),
    );
    const b64 = await mustCli(["tx", "sign", join(dir, "u2.json"), "--from", "alice", "--encoding", "base64", ...test(), ...net()]);
    writeFileSync(join(dir, "s2.txt"), b64);
    expect(JSON.parse(await mustCli(["tx", "broadcast", join(dir, "s2.txt"), ...net(), "--wait"])).code).toBe(0);
    expect(await balance(alice)).toBe(before - 1n);
  });

  it("tx gov submit-proposal proposal.json, then the proposal is queryable with its title", async () => {
    const proposal = {
      messages: [
        {
          "@type": "/cosmos.bank.v1beta1.MsgSend",
          from_address: moduleAddress("gov"),
          to_address: alice,
          amount: [{ denom: "uyml", amount: "1" }],
        },
      ],
      deposit: "10000000uyml",
      title: "Pay alice",
      summary: "one uyml from the community",
      metadata: "ipfs://x",
      expedited: false,
    };
    writeFileSync(join(dir, "proposal.json"), JSON.stringify(proposal));
    const out = JSON.parse(
      await mustCli([
        "tx",
        "gov",
        "submit-proposal",
        join(dir, "proposal.json"),
        "--from",
        "faucet",
        ...test(),
        ...net(),
        "--gas",
        "400000",
        "--yes",
        "--wait",
      ]),
    );
    expect(out.code).toBe(0);
    const p = JSON.parse(await mustCli(["query", "gov", "proposal", "1", ...net(), "--output", "json"]));
    expect(p.proposal).toMatchObject({ id: "1", title: "Pay alice", summary: "one uyml from the community", proposer: DEV_FAUCET_ADDRESS });
    expect(p.proposal.messages[0]["@type"]).toBe("/cosmos.bank.v1beta1.MsgSend");
    const list = JSON.parse(await mustCli(["query", "gov", "proposals", ...net(), "--output", "json", "--limit", "1", "--count-total"]));
    expect(list.proposals).toHaveLength(1);
    expect(list.pagination.total).toBe("1");
  });

  it("the file keyring encrypts keys and refuses a wrong passphrase", async () => {
    const pf = join(dir, "pass");
    writeFileSync(pf, "correct horse battery\n");
    const file = ["--home", home, "--keyring-backend", "file", "--passphrase-file", pf];
    const bob = JSON.parse(await mustCli(["keys", "add", "bob", ...file, "--output", "json"]));
    const stored = readFileSync(join(home, "keyring-file", "bob.json"), "utf8");
    expect(stored).toContain("xchacha20-poly1305");
    expect(stored).not.toContain("privkey");
    await mustCli(["tx", "bank", "send", "faucet", bob.address, "100000uyml", ...test(), ...net(), "--yes", "--wait"]);
    const ok = await runCli(["tx", "bank", "send", "bob", alice, "10uyml", ...file, ...net(), "--yes", "--wait"]);
    expect(ok.code, ok.stderr).toBe(0);
    writeFileSync(pf, "wrong passphrase\n");
    const bad = await runCli(["tx", "bank", "send", "bob", alice, "10uyml", ...file, ...net(), "--yes"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("wrong passphrase");
  });

  it("exit codes: 1 for usage errors, 2 for node and tx failures with code/codespace/log", async () => {
    const unknownFlag = await runCli(["tx", "bank", "send", "--bogus", ...test()]);
    expect(unknownFlag.code).toBe(1);
    const badCoins = await runCli(["tx", "bank", "send", "faucet", alice, "ten-uyml", ...test(), ...net(), "--yes"]);
    expect(badCoins.code).toBe(1);
    expect(badCoins.stderr).toContain("--amount");
    const noKey = await runCli(["tx", "bank", "send", "nobody", alice, "1uyml", ...test(), ...net(), "--yes"]);
    expect(noKey.code).toBe(1);
    const poor = await runCli([
      "tx",
      "bank",
      "send",
      "alice",
      DEV_FAUCET_ADDRESS,
      "999999999999uyml",
      ...test(),
      ...net(),
      "--yes",
      "--wait",
    ]);
    expect(poor.code).toBe(2);
    expect(poor.stderr).toMatch(/"code": 5/);
    expect(poor.stderr).toMatch(/"codespace": "sdk"/);
    const unreachable = await runCli(["status", "--node", "http://127.0.0.1:1"]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toContain("cannot reach the node");
    const missing = await runCli(["query", "auth", "account", "yml1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrql8a", ...net()]);
    expect(missing.code).toBe(2);
    const wrongSeq = await runCli([
      "tx",
      "bank",
      "send",
      "alice",
      DEV_FAUCET_ADDRESS,
      "1uyml",
      "--sequence",
      "99",
      "--account-number",
      "1",
      ...test(),
      ...net(),
      "--yes",
    ]);
    expect(wrongSeq.code).toBe(2);
    expect(wrongSeq.stderr).toMatch(/"code": 32/);
  });
});

describe("metrics and shutdown of the start --dev process", () => {
  it("/metrics counts committed blocks and txs", async () => {
    const text = await (await fetch(`${node.restUrl}/metrics`)).text();
    const metric = (name: string) => Number(new RegExp(`^${name} (\\d+)`, "m").exec(text)?.[1] ?? "NaN");
    expect(metric("blockchain_block_height")).toBeGreaterThan(1);
    expect(metric("blockchain_block_execution_seconds_count")).toBeGreaterThan(1);
    expect(metric("blockchain_txs_total")).toBeGreaterThanOrEqual(8);
  });

  it("SIGTERM stops the node cleanly (exit 0) and closes its ports", async () => {
    expect(await node.stop()).toBe(0);
    await expect(fetch(`${node.rpcUrl}/health`)).rejects.toThrow();
    await expect(fetch(`${node.restUrl}/metrics`)).rejects.toThrow();
  });
});
