import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestHeight, rpc, waitForHeight } from "../../src/cli/localnet";
import { simdAccount, startSimdChain, type SimdChain } from "./helpers/ibc-counterparty";

/** The ibc-go v10 counterparty chain the IBC e2e runs against: it starts, produces fast blocks, funds its accounts, stops. */

function tcpOpen(address: string): Promise<boolean> {
  const [host, port] = address.split(":");
  return new Promise((resolve) => {
    const s = connect(Number(port), host);
    s.once("connect", () => (s.destroy(), resolve(true)));
    s.once("error", () => resolve(false));
  });
}

describe("ibc-go simd counterparty", () => {
  let chain: SimdChain;
  beforeAll(async () => {
    chain = await startSimdChain({ chainId: "ibc-sim-1" });
  });
  afterAll(async () => {
    await chain?.stop();
  });

  it("runs the requested chain id with ibc-go's modules", async () => {
    const status = await rpc<{ node_info: { network: string } }>(chain.rpcUrl, "status");
    expect(status.node_info.network).toBe("ibc-sim-1");
    const res = await fetch(`${chain.restUrl}/ibc/apps/transfer/v1/params`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ params: { send_enabled: true, receive_enabled: true } });
  });

  it("produces blocks about every timeout_commit", async () => {
    const h0 = await latestHeight(chain.rpcUrl);
    const t0 = Date.now();
    await waitForHeight(chain.rpcUrl, h0 + 4, 20_000);
    expect(Date.now() - t0).toBeLessThan(8_000);
  });

  it("funds the relayer and the user from their fixed mnemonics", async () => {
    expect(chain.relayer.address).toBe((await simdAccount("ibc-sim-1/relayer")).address);
    expect(await chain.balance(chain.relayer.address)).toBe(100_000_000_000n);
    expect(await chain.balance(chain.user.address)).toBe(100_000_000_000n);
    expect(await tcpOpen(chain.grpcAddress)).toBe(true);
  });

  it("stops cleanly and frees its ports", async () => {
    await chain.stop();
    await expect(latestHeight(chain.rpcUrl)).rejects.toThrow();
    expect(await tcpOpen(chain.grpcAddress)).toBe(false);
  });
});
