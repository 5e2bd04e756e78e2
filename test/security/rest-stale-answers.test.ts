import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DevBackend, startRestServer, type RunningRestServer } from "../../src/rest";
import { TestChain, testKey } from "../helpers/chain";
import { exec, grant, send, sendAuthorization } from "../integration/authz/setup";

/**
 * REST keeps a latest-height answer across heights while no commit writes what it read. An
 * attacker who could make a change that check misses would show readers a balance that is no
 * longer true (a payment seen as made, a freeze not seen). The check is on the keys each
 * commit wrote, however deep in a tx they were written: a transfer by a grantee inside authz
 * MsgExec, out of an account the reader watches and whose owner signed nothing in that block.
 */
describe("security: no stale REST answer after a change made deep inside a tx", () => {
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");
  let chain: TestChain;
  let server: RunningRestServer;
  beforeAll(async () => {
    chain = await TestChain.create();
    server = await startRestServer({ app: chain.app, node: new DevBackend(chain.engine, chain.app), host: "127.0.0.1", port: 0 });
    await chain.mustDeliver(alice, [grant(alice.address, bob.address, sendAuthorization(1_000n))]);
  });
  afterAll(async () => {
    await server.close();
    await chain.close();
  });

  const restBalance = async (address: string) => {
    const res = await fetch(`${server.url}/cosmos/bank/v1beta1/balances/${address}`);
    expect(res.headers.get("x-cosmos-block-height")).toBe(String(chain.height));
    const body = (await res.json()) as { balances: Array<{ denom: string; amount: string }> };
    return BigInt(body.balances.find((c) => c.denom === "uyml")?.amount ?? "0");
  };

  it("a grantee's MsgExec out of the watched account is seen at once", async () => {
    expect(await restBalance(alice.address)).toBe(chain.balance(alice.address));
    expect(await restBalance(alice.address)).toBe(chain.balance(alice.address)); // answered from the cache
    await chain.mustDeliver(carol, [send(carol.address, bob.address, 1n)]); // a block that leaves alice alone
    const kept = await restBalance(alice.address);
    expect(kept).toBe(chain.balance(alice.address));

    await chain.mustDeliver(bob, [exec(bob.address, [send(alice.address, carol.address, 250n)])]);
    expect(chain.balance(alice.address)).toBe(kept - 250n);
    expect(await restBalance(alice.address)).toBe(kept - 250n);
  });
});
