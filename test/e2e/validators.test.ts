import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appHashAt, latestHeight, rpc, waitForHeight } from "../../src/cli/localnet";
import { Secp256k1Key } from "../../src/client/signer";
import { balanceOf, faucetKey, LOCALNET_FAUCET_ACCOUNT_NUMBER, sendWithOwnClient, startLocalnet, waitForTx } from "./helpers";

/** Header app hashes of `height` on every node given. */
async function appHashes(urls: string[], height: number): Promise<string[]> {
  return Promise.all(urls.map((u) => appHashAt(u, height)));
}

describe("4-validator localnet on real CometBFT", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>>;
  let urls: string[];

  beforeAll(async () => {
    net = await startLocalnet({ validators: 4, basePort: 21657 });
    urls = net.nodes.map((n) => n.rpcUrl);
    await Promise.all(urls.map((u) => waitForHeight(u, 3, 120_000)));
  });

  afterAll(async () => {
    await net?.cleanup();
  });

  it("all four validators sign blocks and agree on every app hash", async () => {
    const validators = await rpc<{ validators: Array<{ voting_power: string }> }>(urls[0], "validators");
    expect(validators.validators.map((v) => v.voting_power)).toEqual(["10", "10", "10", "10"]);
    const commit = await rpc<{ signed_header: { commit: { signatures: Array<{ block_id_flag: number }> } } }>(urls[0], "commit", {
      height: "2",
    });
    expect(commit.signed_header.commit.signatures.filter((s) => s.block_id_flag === 2).length).toBeGreaterThanOrEqual(3);
    for (const h of [2, 3]) {
      const hashes = await appHashes(urls, h);
      expect(new Set(hashes).size).toBe(1);
      expect(hashes[0]).toMatch(/^[0-9A-F]{64}$/);
    }
  });

  it("goes on without a SIGKILLed validator, which then catches up to the same app hash", async () => {
    const victim = net.nodes[3];
    await victim.kill();
    const alive = urls.slice(0, 3);
    const from = await latestHeight(urls[0]);

    // State changes while the node is down, so catching up means replaying real transactions.
    const recipient = Secp256k1Key.random().address;
    const sent = await sendWithOwnClient(urls[0], "localnet", await faucetKey(), LOCALNET_FAUCET_ACCOUNT_NUMBER, 0n, recipient, "777");
    expect(sent.code).toBe(0);
    const included = await waitForTx(urls[0], sent.hash);
    expect(included.tx_result.code).toBe(0);

    await Promise.all(alive.map((u) => waitForHeight(u, from + 5, 60_000)));
    const mid = Math.min(...(await Promise.all(alive.map(latestHeight))));
    expect(new Set(await appHashes(alive, mid)).size).toBe(1);

    await victim.start();
    const target = await latestHeight(urls[0]);
    await waitForHeight(victim.rpcUrl, target + 2, 120_000);
    const hashes = await appHashes(urls, target);
    expect(new Set(hashes).size).toBe(1);
    expect(await balanceOf(victim.rpcUrl, recipient)).toBe("777");
  });
});
