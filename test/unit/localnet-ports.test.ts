import { describe, expect, it } from "vitest";
import { nodePorts } from "../../src/cli/localnet";

describe("localnet ports", () => {
  it("the default localnet keeps REST at 1317 + 100 i; any other base puts it beside the node's other ports", () => {
    expect(nodePorts(26657, 0)).toEqual({ rpc: 26657, p2p: 26656, abci: 26658, prometheus: 26660, api: 1317 });
    expect(nodePorts(40657, 2).api).toBe(40861);
    expect(nodePorts(18657, 0)).toEqual({ rpc: 18657, p2p: 18656, abci: 18658, prometheus: 18660, api: 18661 });
    expect(nodePorts(18657, 3).api).toBe(18961);
    // Every port of a 4-node localnet at a low base is distinct and valid.
    const all = [0, 1, 2, 3].flatMap((i) => Object.values(nodePorts(18657, i)));
    expect(new Set(all).size).toBe(all.length);
    for (const p of all) expect(p).toBeGreaterThanOrEqual(1024);
  });
});
