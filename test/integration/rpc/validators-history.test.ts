import { Comet38Client } from "@cosmjs/tendermint-rpc";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_FAUCET_ADDRESS } from "../../../src/cli/dev-keys";
import { valoperOf } from "../../../src/modules/validatorgov";
import { startDevRpcNode, type DevRpcNode } from "./dev-rpc";

let node: DevRpcNode;

async function call(method: string, params: unknown): Promise<any> {
  const res = await fetch(node.rpc.url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return res.json();
}

beforeAll(async () => {
  node = await startDevRpcNode("validators-dev");
});

afterAll(async () => {
  await node?.close();
});

describe("dev RPC validators at a height", () => {
  it("answers the set in force at each height: a delegation at H changes the power from H + 2, as CometBFT applies updates", async () => {
    // 5 uyml-millions = 5 more power on top of the genesis validator's 10.
    const sent = await node.client.delegateTokens(
      DEV_FAUCET_ADDRESS,
      valoperOf(DEV_FAUCET_ADDRESS),
      { denom: "uyml", amount: "5000000" },
      "auto",
    );
    expect(sent.code).toBe(0);
    while (node.engine.height < BigInt(sent.height + 2)) await new Promise((r) => setTimeout(r, 50));
    const comet = await Comet38Client.connect(node.rpc.url);
    const power = async (height: number) => {
      const res = await comet.validators({ height });
      expect(res.blockHeight).toBe(height);
      expect(res.validators).toHaveLength(1);
      return res.validators[0].votingPower;
    };
    expect(await power(1)).toBe(10n);
    expect(await power(sent.height)).toBe(10n);
    expect(await power(sent.height + 1)).toBe(10n);
    expect(await power(sent.height + 2)).toBe(15n);
    comet.disconnect();
  });

  it("without a height answers the next height's set; refuses heights past it or not positive with CometBFT's errors", async () => {
    await node.engine.stop();
    const latest = node.engine.height;
    const comet = await Comet38Client.connect(node.rpc.url);
    expect((await comet.validators({})).blockHeight).toBe(Number(latest + 1n));
    comet.disconnect();
    const past = await call("validators", { height: String(latest + 2n) });
    expect(past.error).toEqual({
      code: -32603,
      message: "Internal error",
      data: `height must be less than or equal to the head of the node's blockchain (requested height: ${latest + 2n}, blockchain height: ${latest + 1n})`,
    });
    const zero = await call("validators", { height: "0" });
    expect(zero.error).toEqual({
      code: -32600,
      message: "Invalid Request",
      data: "height must be greater than zero (requested height: 0)",
    });
  });
});
