import { describe, expect, it } from "vitest";
import type { App } from "../../../src/app/app";
import { CRASH_ENV, crashHeightFromEnv, NodeApp } from "../../../src/cli/node-app";
import { silentLogger } from "../../../src/types/logger";

/** The slice of App that NodeApp's own behaviour touches. */
function fakeApp() {
  const app = {
    lastHeight: 0n,
    finalizeBlock: (req: { height: bigint }) => ({ appHash: new Uint8Array([Number(req.height)]), txResults: [] }),
    commit: async () => {
      app.lastHeight += 1n;
      return { retainHeight: 0n };
    },
  };
  return app;
}

async function block(node: NodeApp, height: bigint) {
  node.finalizeBlock({ height, txs: [] } as never);
  return node.commit({});
}

describe("NodeApp", () => {
  it("asks CometBFT to keep min-retain-blocks blocks", async () => {
    const node = new NodeApp(fakeApp() as unknown as App, { logger: silentLogger, minRetainBlocks: 3n });
    const retain: bigint[] = [];
    for (let h = 1n; h <= 5n; h++) retain.push((await block(node, h)).retainHeight);
    expect(retain).toEqual([0n, 0n, 0n, 1n, 2n]);
  });

  it("keeps every block by default", async () => {
    const node = new NodeApp(fakeApp() as unknown as App, { logger: silentLogger });
    expect((await block(node, 1n)).retainHeight).toBe(0n);
  });

  it("stops after committing the halt height and refuses to finalize beyond it", async () => {
    const halted: bigint[] = [];
    const node = new NodeApp(fakeApp() as unknown as App, { logger: silentLogger, haltHeight: 2n, onHalt: (h) => halted.push(h) });
    await block(node, 1n);
    expect(halted).toEqual([]);
    await block(node, 2n);
    expect(halted).toEqual([2n]);
    expect(() => node.finalizeBlock({ height: 3n, txs: [] } as never)).toThrow(/halt height 2 reached/);
  });

  it("reads the test-only crash height from the environment, ignoring empty or malformed values", () => {
    expect(crashHeightFromEnv({ [CRASH_ENV]: "12" })).toBe(12n);
    expect(crashHeightFromEnv({ [CRASH_ENV]: "" })).toBeUndefined();
    expect(crashHeightFromEnv({ [CRASH_ENV]: "x" })).toBeUndefined();
    expect(crashHeightFromEnv({})).toBeUndefined();
  });
});
