import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_ALLOWANCE_DEPTH } from "../../src/modules/feegrant/allowances";
import type { AnyMsg } from "../../src/types/codec";
import { DENOM, TestChain, testKey } from "../helpers/chain";
import { allowance, allowedMsgs, basic, freeMsg, grantAllowance } from "../integration/feegrant/setup";

// Attack (issue 32, bounded recursion): an AllowedMsgAllowance may wrap another one, and every
// use of the grant walks the nesting recursively in the ante handler. One MsgGrantAllowance of
// thousands of levels fits in a tx: granting it cost seconds of gas-free work, and so did every
// tx it paid for (a grantee could fill blocks with them); near V8's stack limit the grant was
// accepted or refused (a RangeError read as "invalid request") depending on the process.
// Nesting is now bounded and refused statelessly, before anything walks it.

const GRANT_MSG = "/cosmos.authz.v1beta1.MsgGrant";

function nested(depth: number): AnyMsg {
  let any = basic(1_000_000n);
  for (let i = 1; i < depth; i++) any = allowedMsgs(any, [GRANT_MSG]);
  return any;
}

describe("feegrant: an allowance's nesting is bounded", () => {
  let chain: TestChain;
  const alice = testKey("alice");
  const bob = testKey("bob");
  const opts = { gasLimit: 20_000_000n, fee: [{ denom: DENOM, amount: "100000" }] };

  beforeAll(async () => {
    chain = await TestChain.create({ funded: { alice: [{ denom: DENOM, amount: "100000000000" }] } });
  });
  afterAll(async () => chain.close());

  it("a grant nesting thousands of allowances is refused (sdk 34) and stores nothing", async () => {
    const grantee = testKey("hooks/deep-grantee");
    const res = await chain.deliver(alice, [grantAllowance(alice.address, grantee.address, nested(2000))], opts);
    expect({ code: res.code, codespace: res.codespace }).toEqual({ code: 34, codespace: "sdk" });
    expect(res.log).toContain(`nested deeper than ${MAX_ALLOWANCE_DEPTH} levels`);
    expect(allowance(chain, alice.address, grantee.address)).toBeUndefined();
  });

  it("one level more than the bound is refused; the bound itself is granted and pays fees", async () => {
    const over = testKey("hooks/over-grantee");
    const res = await chain.deliver(alice, [grantAllowance(alice.address, over.address, nested(MAX_ALLOWANCE_DEPTH + 1))], opts);
    expect(res.code).toBe(34);

    const grantee = testKey("hooks/ok-grantee");
    await chain.mustDeliver(alice, [grantAllowance(alice.address, grantee.address, nested(MAX_ALLOWANCE_DEPTH))], opts);
    const before = chain.balance(alice.address);
    await chain.mustDeliver(grantee, [freeMsg(grantee.address, bob.address)], {
      fee: [{ denom: DENOM, amount: "1000" }],
      feeGranter: alice.address,
    });
    expect(chain.balance(alice.address)).toBe(before - 1000n);
  });
});
