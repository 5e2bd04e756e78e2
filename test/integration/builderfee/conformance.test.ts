import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DENOM, type TestChain } from "../../helpers/chain";
import { getProposal, govParams, submitMsg } from "../../helpers/gov";
import { blockEventsOf } from "../../helpers/module-setup";
import {
  FOO,
  MULTI_SEND,
  SEND,
  builderfeeChain,
  getApplication,
  getBps,
  getBuilder,
  keys,
  listApplications,
  msg,
  queryCode,
} from "./setup";

/** Conformance of builderfee with the documented rules (docs/modules/builderfee.md) and with clients of the existing chain. */

const { creator, mallory, payer, multiBuilder } = keys;

describe("builderfee conformance (issue 12)", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await builderfeeChain();
  });
  afterAll(async () => chain.close());

  it("4. a rejected builder application is removed: Get is NotFound, the decision is in the event, the type is free", async () => {
    await chain.mustDeliver(mallory, [msg.register(mallory.address, MULTI_SEND, mallory.address)]);
    const res = await blockEventsOf(chain, () => chain.govExec([msg.approve(MULTI_SEND, false)]));
    expect(res.result).toEqual({ code: 0, codespace: "", log: "" });
    expect(res.events("builderfee_application_decided")).toEqual([
      expect.objectContaining({ msg_type_url: MULTI_SEND, payout_address: mallory.address, approved: "false" }),
    ]);
    expect(queryCode(() => getApplication(chain, MULTI_SEND))).toBe(22);
    expect(queryCode(() => getBuilder(chain, MULTI_SEND))).toBe(22);
    expect(listApplications(chain).builderApplication.map((a) => a.msgTypeUrl)).not.toContain(MULTI_SEND);
    expect(await chain.govExec([msg.approve(MULTI_SEND, true)])).toMatchObject({ codespace: "builderfee", code: 1102 });
    await chain.mustDeliver(creator, [msg.register(creator.address, MULTI_SEND, multiBuilder.address)]);
    expect(getApplication(chain, MULTI_SEND)).toMatchObject({ status: "pending", creator: creator.address });
  });

  it("5. a malformed payout address is sdk 7 naming the payout address", async () => {
    const res = await chain.deliver(mallory, [msg.register(mallory.address, SEND, "yml1payout")]);
    expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 7 });
    expect(res.log).toMatch(/^invalid payout address: /);
    expect(queryCode(() => getApplication(chain, SEND))).toBe(22);
  });

  it("6. (issue 33 rule 24) a gov proposal setting builder_fee_share_bps above 10000 is refused at submission (sdk 18) saying it cannot exceed 10000; nothing is deposited", async () => {
    const deposit = govParams(chain).minDeposit;
    const before = chain.balance(payer.address);
    const res = await chain.deliver(payer, [submitMsg(payer.address, [msg.updateParams(10001n)], deposit)]);
    expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 18 });
    expect(res.log).toMatch(/builder_fee_share_bps cannot exceed 10000, got 10001/);
    expect(getProposal(chain, 1n)).toBeUndefined();
    expect(chain.balance(payer.address)).toBe(before - 5000n);
    expect(getBps(chain)).toBe(3000n);

    const ok = await chain.deliver(payer, [submitMsg(payer.address, [msg.updateParams(10000n)], deposit)]);
    expect(ok.log).toBe("");
    expect(getProposal(chain, 1n)).toBeDefined();
  });

  it("7. a zero-valued fee coin is a valid fee where no minimum gas price is set: nothing is charged", async () => {
    const before = [chain.balance(payer.address), chain.balance(payer.address, FOO)];
    const res = await chain.deliver(payer, [msg.send(payer.address, mallory.address, "1")], { fee: [{ denom: DENOM, amount: "0" }] });
    expect(res.log).toBe("");
    expect(res.code).toBe(0);
    expect([chain.balance(payer.address), chain.balance(payer.address, FOO)]).toEqual([before[0] - 1n, before[1]]);
  });
});
