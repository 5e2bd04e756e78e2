import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ClassicLevel } from "classic-level";
import { afterAll, describe, expect, it } from "vitest";
import { DevBlockStore } from "../../../src/abci/dev/block-store";
import { DEV_FAUCET_ADDRESS } from "../../../src/cli/dev-keys";
import { Secp256k1Key } from "../../../src/client/signer";
import { startDevRpcNode, type DevRpcNode } from "./dev-rpc";

const home = mkdtempSync(join(tmpdir(), "tx-index-restart-"));
let node: DevRpcNode | undefined;

async function search(query: string, extra: Record<string, string> = {}): Promise<any> {
  if (!node) throw new Error("node not running");
  const res = await fetch(node.rpc.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tx_search", params: { query, ...extra } }),
  });
  const body: any = await res.json();
  return body.result;
}

afterAll(async () => {
  await node?.close();
  rmSync(home, { recursive: true, force: true });
});

describe("dev tx index across a restart", () => {
  it("is in the block store when the node stops, and tx_search answers the same after the restart", async () => {
    node = await startDevRpcNode("index-dev", home);
    const recipient = Secp256k1Key.fromSeed("tx-index-restart").address;
    const sent = [];
    for (let i = 0; i < 3; i++)
      sent.push(await node.client.sendTokens(DEV_FAUCET_ADDRESS, recipient, [{ denom: "uyml", amount: String(i + 1) }], "auto"));
    expect(sent.every((s) => s.code === 0)).toBe(true);
    const last = sent[2].height;
    const queries: Array<[string, Record<string, string>]> = [
      [`message.sender='${DEV_FAUCET_ADDRESS}'`, {}],
      [`transfer.recipient='${recipient}' AND tx.height<=${last}`, { order_by: "desc", per_page: "2", page: "1" }],
      [`tx.height>=${sent[1].height}`, {}],
      [`tx.hash='${sent[0].transactionHash}'`, {}],
    ];
    const before = await Promise.all(queries.map(([q, extra]) => search(q, extra)));
    expect(before[0].total_count).toBe("3");
    expect(before[1].txs.map((t: any) => t.hash)).toEqual([sent[2].transactionHash, sent[1].transactionHash]);
    await node.close();
    node = undefined;

    // Read straight from the stopped node's block store: nothing has rebuilt anything.
    const blocks = await DevBlockStore.open(join(home, "blocks"));
    const refs = await blocks.refsByAttribute(`message.sender=${DEV_FAUCET_ADDRESS}`);
    expect(refs.map((r) => r.height)).toEqual(sent.map((s) => BigInt(s.height)));
    expect((await blocks.refsByHeight({ to: -1n })).length + (await blocks.refsByHeight({ from: 1n << 64n })).length).toBe(0);
    await blocks.close();

    // A store written before the index was persisted (no index entries): indexed once at open.
    const raw = new ClassicLevel<string, Uint8Array>(join(home, "blocks"), { valueEncoding: "view" });
    expect((await raw.keys({ gte: "e", lt: "f" }).all()).length).toBeGreaterThan(0);
    for (const prefix of ["a", "e", "i"]) await raw.clear({ gte: prefix, lt: String.fromCharCode(prefix.charCodeAt(0) + 1) });
    expect((await raw.keys({ gte: "a", lt: "b" }).all()).length + (await raw.keys({ gte: "e", lt: "f" }).all()).length).toBe(0);
    await raw.close();
    const reopened = await DevBlockStore.open(join(home, "blocks"));
    expect(await reopened.refsByAttribute(`message.sender=${DEV_FAUCET_ADDRESS}`)).toEqual(refs);
    await reopened.close();

    node = await startDevRpcNode("index-dev", home);
    const after = await Promise.all(queries.map(([q, extra]) => search(q, extra)));
    expect(after).toEqual(before);
  });
});
