import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  QueryGranteeGrantsRequest,
  QueryGranteeGrantsResponse,
  QueryGranterGrantsRequest,
  QueryGranterGrantsResponse,
} from "cosmjs-types/cosmos/authz/v1beta1/query";
import { MsgSendResponse } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { DENOM, TestChain, testKey } from "../../helpers/chain";
import {
  exec,
  execResponse,
  genericAuthorization,
  grant,
  grants,
  MSG_SEND_URL,
  revoke,
  send,
  sendAuthorization,
  spendLimitOf,
} from "./setup";

describe("authz: SendAuthorization and GenericAuthorization through MsgExec", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const carol = testKey("carol");
  const dave = testKey("dave");

  beforeAll(async () => {
    chain = await TestChain.create();
  });
  afterAll(async () => chain.close());

  it("lets the grantee send the granter's coins within the spend limit, to allowed recipients only", async () => {
    await chain.mustDeliver(alice, [grant(alice.address, bob.address, sendAuthorization(1000n, [carol.address]))]);
    expect(spendLimitOf(grants(chain, alice.address, bob.address, MSG_SEND_URL)[0].authorization)).toBe(`1000${DENOM}`);

    const aliceBefore = chain.balance(alice.address);
    const carolBefore = chain.balance(carol.address);
    const res = await chain.mustDeliver(bob, [exec(bob.address, [send(alice.address, carol.address, 600n)])]);
    expect(chain.balance(alice.address)).toBe(aliceBefore - 600n);
    expect(chain.balance(carol.address)).toBe(carolBefore + 600n);
    // The nested MsgSend's response comes back in MsgExecResponse.results.
    const results = execResponse(res.data).results;
    expect(results).toHaveLength(1);
    expect(MsgSendResponse.decode(results[0])).toEqual({});
    const transfer = res.events.find(
      (e) => e.type === "transfer" && e.attributes.some((a) => a.key === "sender" && a.value === alice.address),
    );
    expect(transfer?.attributes.find((a) => a.key === "authz_msg_index")?.value).toBe("0");
    // The spend limit shrinks by what was sent.
    expect(spendLimitOf(grants(chain, alice.address, bob.address, MSG_SEND_URL)[0].authorization)).toBe(`400${DENOM}`);
  });

  it("refuses a send beyond the remaining spend limit", async () => {
    const res = await chain.deliver(bob, [exec(bob.address, [send(alice.address, carol.address, 401n)])]);
    expect([res.codespace, res.code]).toEqual(["sdk", 5]);
    expect(res.log).toContain("requested amount is more than spend limit");
    expect(spendLimitOf(grants(chain, alice.address, bob.address, MSG_SEND_URL)[0].authorization)).toBe(`400${DENOM}`);
  });

  it("refuses a recipient outside the allow list", async () => {
    const res = await chain.deliver(bob, [exec(bob.address, [send(alice.address, dave.address, 10n)])]);
    expect([res.codespace, res.code]).toEqual(["sdk", 4]);
    expect(res.log).toContain(`cannot send to ${dave.address}`);
  });

  it("deletes the grant when the spend limit is used up", async () => {
    await chain.mustDeliver(bob, [exec(bob.address, [send(alice.address, carol.address, 400n)])]);
    expect(grants(chain, alice.address, bob.address)).toHaveLength(0);
    const res = await chain.deliver(bob, [exec(bob.address, [send(alice.address, carol.address, 1n)])]);
    expect([res.codespace, res.code]).toEqual(["authz", 2]);
  });

  it("GenericAuthorization allows any MsgSend of the granter, until revoked", async () => {
    await chain.mustDeliver(alice, [grant(alice.address, bob.address, genericAuthorization(MSG_SEND_URL))]);
    const daveBefore = chain.balance(dave.address);
    await chain.mustDeliver(bob, [exec(bob.address, [send(alice.address, dave.address, 5000n), send(alice.address, dave.address, 7n)])]);
    expect(chain.balance(dave.address)).toBe(daveBefore + 5007n);
    // A generic grant is not consumed.
    expect(grants(chain, alice.address, bob.address, MSG_SEND_URL)).toHaveLength(1);

    await chain.mustDeliver(alice, [revoke(alice.address, bob.address, MSG_SEND_URL)]);
    const res = await chain.deliver(bob, [exec(bob.address, [send(alice.address, dave.address, 1n)])]);
    expect([res.codespace, res.code]).toEqual(["authz", 2]);
    const again = await chain.deliver(alice, [revoke(alice.address, bob.address, MSG_SEND_URL)]);
    expect([again.codespace, again.code]).toEqual(["authz", 2]);
  });

  it("runs the grantee's own messages without any grant", async () => {
    const carolBefore = chain.balance(carol.address);
    await chain.mustDeliver(bob, [exec(bob.address, [send(bob.address, carol.address, 3n)])]);
    expect(chain.balance(carol.address)).toBe(carolBefore + 3n);
  });

  it("fails the whole MsgExec when one nested message fails", async () => {
    await chain.mustDeliver(alice, [grant(alice.address, bob.address, sendAuthorization(100n))]);
    const carolBefore = chain.balance(carol.address);
    const res = await chain.deliver(bob, [
      exec(bob.address, [send(alice.address, carol.address, 60n), send(alice.address, carol.address, 60n)]),
    ]);
    expect([res.codespace, res.code]).toEqual(["sdk", 5]);
    expect(chain.balance(carol.address)).toBe(carolBefore);
    expect(spendLimitOf(grants(chain, alice.address, bob.address, MSG_SEND_URL)[0].authorization)).toBe(`100${DENOM}`);
    await chain.mustDeliver(alice, [revoke(alice.address, bob.address, MSG_SEND_URL)]);
  });

  it("lists grants by granter and by grantee", async () => {
    await chain.mustDeliver(alice, [grant(alice.address, bob.address, genericAuthorization(MSG_SEND_URL))]);
    await chain.mustDeliver(carol, [grant(carol.address, bob.address, sendAuthorization(50n))]);
    const byGranter = chain.query(
      "/cosmos.authz.v1beta1.Query/GranterGrants",
      QueryGranterGrantsRequest,
      QueryGranterGrantsRequest.fromPartial({ granter: alice.address }),
      QueryGranterGrantsResponse,
    );
    expect(byGranter.grants.map((g) => [g.granter, g.grantee, g.authorization?.typeUrl])).toEqual([
      [alice.address, bob.address, "/cosmos.authz.v1beta1.GenericAuthorization"],
    ]);
    const byGrantee = chain.query(
      "/cosmos.authz.v1beta1.Query/GranteeGrants",
      QueryGranteeGrantsRequest,
      QueryGranteeGrantsRequest.fromPartial({ grantee: bob.address }),
      QueryGranteeGrantsResponse,
    );
    expect(byGrantee.grants.map((g) => g.granter).sort()).toEqual([alice.address, carol.address].sort());
    expect(byGrantee.pagination?.nextKey.length ?? 0).toBe(0);
  });
});
