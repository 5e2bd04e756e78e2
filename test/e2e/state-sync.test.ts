import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readAppConfig, writeAppConfig } from "../../src/cli/app-config";
import { patchCometConfig } from "../../src/cli/comet";
import { homePaths } from "../../src/cli/home";
import { appHashAt, latestHeight, Localnet, nodeHome, rpc, waitForHeight, type LocalnetNode } from "../../src/cli/localnet";
import { requireCometBFT } from "./helpers";

const INTERVAL = 10;

/** Chunk files of every snapshot a node has written, with a marker of those already corrupted. */
function corruptSnapshots(home: string, done: Set<string>): void {
  const dir = join(homePaths(home).data, "snapshots");
  if (!existsSync(dir)) return;
  for (const h of readdirSync(dir).filter((n) => /^\d+$/.test(n))) {
    if (!existsSync(join(dir, h, "manifest.json"))) continue;
    for (const c of readdirSync(join(dir, h)).filter((n) => /^\d+$/.test(n))) {
      const file = join(dir, h, c);
      if (done.has(file)) continue;
      const bytes = readFileSync(file);
      if (bytes.length > 0) bytes[bytes.length >> 1] ^= 0xff;
      writeFileSync(file, bytes);
      done.add(file);
    }
  }
}

describe("state sync on the localnet", () => {
  let net: Localnet;
  let dir: string;
  let joiner: LocalnetNode;
  let corrupting: NodeJS.Timeout;

  beforeAll(async () => {
    requireCometBFT();
    dir = mkdtempSync(join(tmpdir(), "e2e-statesync-"));
    net = await Localnet.prepare({ validators: 4, basePort: 17657, dir, reset: true });
    for (let i = 0; i < 4; i++) {
      const file = homePaths(nodeHome(dir, i)).appConfig;
      // Small chunks: a snapshot of the localnet's state is cut into many, fetched from all peers.
      writeAppConfig(file, { ...readAppConfig(file), snapshotInterval: INTERVAL, snapshotKeepRecent: 3, snapshotChunkBytes: 2048 });
    }
    await net.start();
    // Three of the four validators serve every chunk corrupted; only node 3's are intact.
    const corrupted = new Set<string>();
    corrupting = setInterval(() => [0, 1, 2].forEach((i) => corruptSnapshots(nodeHome(dir, i), corrupted)), 100);
    await waitForHeight(net.nodes[0]!.rpcUrl, 2 * INTERVAL + 3, 180_000);
  }, 240_000);

  afterAll(async () => {
    clearInterval(corrupting);
    await net?.stop();
    if (dir && !process.env.E2E_KEEP) rmSync(dir, { recursive: true, force: true });
  });

  it("a fifth node joins from a snapshot without replaying from genesis, refusing corrupted chunks, and agrees on every later app hash", async () => {
    const urls = net.nodes.map((n) => n.rpcUrl);
    const trustHeight = (await latestHeight(urls[0]!)) - 2;
    const block = await rpc<{ block_id: { hash: string } }>(urls[0]!, "block", { height: String(trustHeight) });
    joiner = await net.addJoiner({
      beforeStart: (home) =>
        patchCometConfig(homePaths(home).cometConfig, {
          statesync: {
            enable: true,
            rpc_servers: `${urls[0]},${urls[3]}`,
            trust_height: trustHeight,
            trust_hash: block.block_id.hash,
            trust_period: "168h0m0s",
            discovery_time: "5s",
            chunk_request_timeout: "5s",
          },
        }),
    });
    const tip = await latestHeight(urls[0]!);
    await waitForHeight(joiner.rpcUrl, tip + 3, 240_000);

    const status = await rpc<{ sync_info: { earliest_block_height: string; catching_up: boolean } }>(joiner.rpcUrl, "status");
    const earliest = Number(status.sync_info.earliest_block_height);
    expect(earliest).toBeGreaterThan(INTERVAL);
    const appLog = readFileSync(join(joiner.home, "logs", "app.log"), "utf8");
    expect(appLog).toContain("state restored from snapshot");
    expect(appLog).toContain("snapshot chunk does not match its hash");
    // Its first committed state is the snapshot's: nothing before it was executed here.
    expect(appLog).not.toMatch(/"height":"1".*committed block/);

    const now = await latestHeight(joiner.rpcUrl);
    for (const h of [earliest + 1, now - 1, now]) {
      const ours = await appHashAt(joiner.rpcUrl, h);
      expect(ours).toBe(await appHashAt(urls[0]!, h));
    }
  }, 300_000);
});
