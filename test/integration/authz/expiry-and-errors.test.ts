import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GenesisState } from "cosmjs-types/cosmos/authz/v1beta1/genesis";
import { accAddress } from "../../../src/types/address";
import type { AnyMsg } from "../../../src/types/codec";
import { AuthzKeeper, MAX_EXEC_DEPTH } from "../../../src/modules/authz";
import { DENOM, TestChain, testKey } from "../../helpers/chain";
import {
  exec,
  genericAuthorization,
  grant,
  grants,
  MSG_EXEC_URL,
  MSG_SEND_URL,
  revoke,
  secondsAfter,
  send,
  sendAuthorization,
} from "./setup";

describe("authz: expiration, nesting and refusals", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");

  beforeAll(async () => {
    chain = await TestChain.create();
  });
  afterAll(async () => chain.close());

  it("refuses an expiration that is not in the future", async () => {
    const res = await chain.deliver(alice, [grant(alice.address, bob.address, genericAuthorization(MSG_SEND_URL), secondsAfter(chain, 0))]);
    expect([res.codespace, res.code]).toEqual(["authz", 3]);
  });

  it("refuses an expired grant and prunes it at the next block", async () => {
    const expiration = secondsAfter(chain, 100);
    await chain.mustDeliver(alice, [grant(alice.address, bob.address, sendAuthorization(1000n), expiration)]);
    await chain.mustDeliver(bob, [exec(bob.address, [send(alice.address, carol.address, 10n)])]);

    chain.setNextBlockTime({ seconds: expiration.seconds + 1n, nanos: 0 });
    await chain.produceBlocks(1);
    expect(grants(chain, alice.address, bob.address)).toHaveLength(0);
    const res = await chain.deliver(bob, [exec(bob.address, [send(alice.address, carol.address, 10n)])]);
    expect([res.codespace, res.code]).toEqual(["authz", 2]);
  });

  it("re-granting with a new expiration replaces the queued one", async () => {
    const first = secondsAfter(chain, 50);
    await chain.mustDeliver(alice, [grant(alice.address, bob.address, genericAuthorization(MSG_SEND_URL), first)]);
    await chain.mustDeliver(alice, [grant(alice.address, bob.address, genericAuthorization(MSG_SEND_URL), secondsAfter(chain, 10_000))]);
    chain.setNextBlockTime({ seconds: first.seconds + 1n, nanos: 0 });
    await chain.produceBlocks(1);
    await chain.mustDeliver(bob, [exec(bob.address, [send(alice.address, carol.address, 1n)])]);
    await chain.mustDeliver(alice, [revoke(alice.address, bob.address, MSG_SEND_URL)]);
  });

  it("reports an expired grant not yet pruned (more expired than one block prunes)", async () => {
    const expiration = secondsAfter(chain, 100);
    const grantees = Array.from({ length: 201 }, (_, i) => testKey(`expiring-${i}`).address);
    await chain.mustDeliver(
      alice,
      grantees.map((g) => grant(alice.address, g, genericAuthorization(MSG_SEND_URL), expiration)),
      { gasLimit: 100_000_000n },
    );
    // The queue is ordered by (expiration, granter, grantee): the last grantee survives the first prune.
    const survivor = [...grantees].sort((a, b) =>
      Buffer.compare(Buffer.from(accAddress.decode(a)), Buffer.from(accAddress.decode(b))),
    )[200];
    const survivorKey = testKey(`expiring-${grantees.indexOf(survivor)}`);
    // The exec lands in the first block past the expiration: its begin block prunes 200 grants, not the survivor's.
    chain.setNextBlockTime({ seconds: expiration.seconds + 1n, nanos: 0 });
    const res = await chain.deliver(survivorKey, [exec(survivor, [send(alice.address, carol.address, 1n)])], { fee: [] });
    expect([res.codespace, res.code]).toEqual(["authz", 6]);
    expect(grants(chain, alice.address, survivor)).toHaveLength(1);
    await chain.produceBlocks(1);
    expect(grants(chain, alice.address, survivor)).toHaveLength(0);
  });

  it("refuses granting to oneself, unknown authorization types and unroutable message types", async () => {
    const self = await chain.deliver(alice, [grant(alice.address, alice.address, genericAuthorization(MSG_SEND_URL))]);
    expect([self.codespace, self.code]).toEqual(["authz", 7]);
    const unknown = await chain.deliver(alice, [
      grant(alice.address, bob.address, { typeUrl: "/cosmos.staking.v1beta1.StakeAuthorization", value: new Uint8Array() }),
    ]);
    expect([unknown.codespace, unknown.code]).toEqual(["authz", 4]);
    const unroutable = await chain.deliver(alice, [grant(alice.address, bob.address, genericAuthorization("/no.such.v1.Msg"))]);
    expect([unroutable.codespace, unroutable.code]).toEqual(["sdk", 29]);
    const zeroLimit = await chain.deliver(alice, [grant(alice.address, bob.address, sendAuthorization(0n))]);
    expect([zeroLimit.codespace, zeroLimit.code]).toEqual(["sdk", 10]);
    const duplicate = await chain.deliver(alice, [
      grant(alice.address, bob.address, sendAuthorization(5n, [carol.address, carol.address])),
    ]);
    expect([duplicate.codespace, duplicate.code]).toEqual(["bank", 8]);
    const empty = await chain.deliver(bob, [exec(bob.address, [])]);
    expect([empty.codespace, empty.code]).toEqual(["sdk", 18]);
  });

  it("runs MsgExec inside MsgExec with a grant for MsgExec, up to the depth limit", async () => {
    // carol lets alice spend; alice lets bob execute on her behalf: bob → alice → carol.
    await chain.mustDeliver(carol, [grant(carol.address, alice.address, sendAuthorization(500n))]);
    await chain.mustDeliver(alice, [grant(alice.address, bob.address, genericAuthorization(MSG_EXEC_URL))]);
    const bobBefore = chain.balance(bob.address);
    await chain.mustDeliver(bob, [exec(bob.address, [exec(alice.address, [send(carol.address, bob.address, 200n)])])], { fee: [] });
    expect(chain.balance(bob.address)).toBe(bobBefore + 200n);

    const nested = (depth: number): AnyMsg => {
      let msg = send(bob.address, carol.address, 1n);
      for (let i = 0; i < depth; i++) msg = exec(bob.address, [msg]);
      return msg;
    };
    await chain.mustDeliver(bob, [nested(MAX_EXEC_DEPTH)]);
    const tooDeep = await chain.deliver(bob, [nested(MAX_EXEC_DEPTH + 1)]);
    expect([tooDeep.codespace, tooDeep.code]).toEqual(["sdk", 18]);
    expect(tooDeep.log).toContain("nested deeper");
  });

  it("refuses a nested message that does not have exactly one signer (keeper check)", () => {
    const keeper = new AuthzKeeper({ ensureAccount: () => {} });
    keeper.bindRouter({
      signersOf: () => [alice.address, bob.address],
      execute: () => ({ typeUrl: "", value: new Uint8Array() }),
      has: () => true,
    });
    const ctx = chain.app.queryContext();
    expect(() => keeper.dispatch(ctx, bob.address, [send(alice.address, bob.address, 1n)])).toThrow(/only one signer/);
    try {
      keeper.dispatch(ctx, bob.address, [send(alice.address, bob.address, 1n)]);
    } catch (e) {
      expect([(e as { codespace: string }).codespace, (e as { code: number }).code]).toEqual(["authz", 9]);
    }
  });
});

describe("authz genesis", () => {
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");

  it("imports grants from genesis and exports them back", async () => {
    const chain = await TestChain.create({
      mutateGenesis: (state) => {
        state.authz = {
          authorization: [
            {
              granter: alice.address,
              grantee: bob.address,
              authorization: { "@type": "/cosmos.bank.v1beta1.SendAuthorization", spend_limit: [{ denom: DENOM, amount: "70" }] },
              expiration: null,
            },
          ],
        };
      },
    });
    try {
      const authz = chain.app.modules.modules.find((m) => m.name === "authz")!;
      const exported = authz.genesis!.export(chain.app.queryContext()) as GenesisState;
      expect(exported.authorization.map((g) => [g.granter, g.grantee, g.authorization?.typeUrl])).toEqual([
        [alice.address, bob.address, "/cosmos.bank.v1beta1.SendAuthorization"],
      ]);
      await chain.mustDeliver(bob, [exec(bob.address, [send(alice.address, carol.address, 70n)])]);
      expect(grants(chain, alice.address, bob.address)).toHaveLength(0);
    } finally {
      await chain.close();
    }
  });
});
