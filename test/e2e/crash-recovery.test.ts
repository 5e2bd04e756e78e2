import { afterAll, describe, expect, it } from "vitest";
import { latestHeight, waitForHeight } from "../../src/cli/localnet";
import { CRASH_ENV, CRASH_EXIT_CODE } from "../../src/cli/node-app";
import { Secp256k1Key } from "../../src/client/signer";
import { balanceOf, faucetKey, LOCALNET_FAUCET_ACCOUNT_NUMBER, logOf, sendWithOwnClient, startLocalnet, waitForTx } from "./helpers";

const CRASH_HEIGHT = 6;

/** How each start of the node's app opened its state (its "state opened" log lines), in order. */
function openings(home: string): string[] {
  return logOf(home, "app")
    .split("\n")
    .filter((l) => l.includes('"state opened"'))
    .map((l) => (JSON.parse(l) as { from: string }).from);
}

describe("app crash between FinalizeBlock and Commit", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>> | undefined;

  afterAll(async () => {
    await net?.cleanup();
  });

  it("restarts after the crash (CometBFT's handshake replays the uncommitted block, the tries rebuilt) and after a clean stop (the tries read back), and the chain continues", async () => {
    net = await startLocalnet({ validators: 1, basePort: 22657, appEnv: () => ({ [CRASH_ENV]: String(CRASH_HEIGHT) }) });
    const node = net.nodes[0];
    await waitForHeight(node.rpcUrl, 1, 60_000);
    const recipient = Secp256k1Key.random().address;
    const sent = await sendWithOwnClient(node.rpcUrl, "localnet", await faucetKey(), LOCALNET_FAUCET_ACCOUNT_NUMBER, 0n, recipient, "4242");
    expect(sent.code).toBe(0);
    await waitForTx(node.rpcUrl, sent.hash);

    expect(await node.appExit()).toBe(CRASH_EXIT_CODE);
    expect(logOf(node.home, "app")).toContain(`exiting after FinalizeBlock ${CRASH_HEIGHT}, before Commit`);
    // CometBFT stops itself when its app connection dies; give it a moment, then make sure.
    await Promise.race([node.cometExit(), new Promise((r) => setTimeout(r, 10_000))]);
    await node.kill();

    // The crashed run ends in CometBFT's "CONSENSUS FAILURE" (the app vanished mid-block); judge the restart alone.
    const before = logOf(node.home, "comet").length;
    await node.start({ [CRASH_ENV]: "" });
    await waitForHeight(node.rpcUrl, CRASH_HEIGHT + 4, 60_000);
    const comet = logOf(node.home, "comet").slice(before);
    expect(comet).toMatch(
      new RegExp(
        `ABCI Replay Blocks\\s+module=consensus appHeight=${CRASH_HEIGHT - 1} storeHeight=${CRASH_HEIGHT} stateHeight=${CRASH_HEIGHT - 1}`,
      ),
    );
    expect(comet).toContain("Replay last block using real app");
    expect(comet).not.toMatch(/wrong Block\.Header\.AppHash|CONSENSUS FAILURE|panic/);
    expect(await balanceOf(node.rpcUrl, recipient)).toBe("4242");
    // After a crash nothing was saved at close: the tries were rebuilt from the records.
    expect(openings(node.home).at(-1)).toBe("state scan");

    // A clean stop saves the tries; the next start reads them back, and the chain goes on from them.
    const stoppedAt = await latestHeight(node.rpcUrl);
    await node.stop();
    await node.start();
    await waitForHeight(node.rpcUrl, stoppedAt + 3, 60_000);
    expect(openings(node.home).at(-1)).toBe("tries image");
    expect(logOf(node.home, "comet").slice(before)).not.toMatch(/wrong Block\.Header\.AppHash|CONSENSUS FAILURE|panic/);
    expect(await balanceOf(node.rpcUrl, recipient)).toBe("4242");
  });
});
