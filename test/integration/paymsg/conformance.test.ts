import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestChain } from "../../helpers/chain";
import { getProposal, govParams, submitMsg } from "../../helpers/gov";
import { blockEventsOf } from "../../helpers/module-setup";
import {
  expectPaymsgError,
  getApplication,
  getApprovedParticipant,
  getPaymentRecord,
  keys,
  msg,
  payment,
  paymsgChain,
  queryCode,
  sendPayment,
  setUpParticipants,
} from "./setup";

/** Conformance of paymsg with the documented rules (docs/modules/paymsg.md) and with clients of the existing chain. */

const { bankA, bankB, bob, mallory } = keys;
const FEE = 5000n;

describe("paymsg conformance (issue 12)", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await paymsgChain();
    await setUpParticipants(chain);
  });
  afterAll(async () => chain.close());

  describe("2. a participant pays from its own account", () => {
    it("the instructing participant as debtor needs no customer relationship with itself", async () => {
      const before = { bankA: chain.balance(bankA.address), bob: chain.balance(bob.address) };
      const res = await sendPayment(chain, payment("OWN-0001", { debtor: bankA.address, amount: "700" }), bankA);
      expect(res.log).toBe("");
      expect(res.code).toBe(0);
      expect(chain.balance(bankA.address)).toBe(before.bankA - 700n - FEE);
      expect(chain.balance(bob.address)).toBe(before.bob + 700n);
      expect(getPaymentRecord(chain, bankA.address, "OWN-0001")).toMatchObject({
        debtor: bankA.address,
        instructingParticipant: bankA.address,
        amount: "700",
      });
    });

    it("its end_to_end_id stays unique per instructing participant (1105)", async () => {
      expectPaymsgError(await sendPayment(chain, payment("OWN-0001", { debtor: bankA.address }), bankA), 1105);
    });

    it("another participant's account is still not its customer (1107)", async () => {
      expectPaymsgError(await sendPayment(chain, payment("OWN-0002", { debtor: bankB.address }), bankB), 1107);
    });
  });

  describe("3. payload store URLs must be canonical (1112)", () => {
    it.each([
      ["https://store.example/a/../b"],
      ["https://store.example/./a"],
      ["https://store.example/a/."],
      ["https://store.example/.."],
      ["https://store.example/a/%2E%2E/b"],
      ["https://store.example/a/%2e"],
      ["https://store.example//a"],
      ["https://store.example/a//b"],
      ["https://store.example/a/"],
      ["https://user@store.example/a"],
      ["https://store.example/a?x=1"],
      ["https://store.example/a#top"],
    ])("refuses %s", async (url) => {
      const res = await chain.deliver(bankA, [msg.setStore(bankA.address, url)]);
      expectPaymsgError(res, 1112);
      expect(res.log).toMatch(/invalid payload store URL$/);
    });

    it.each([
      ["https://store.example"],
      ["https://store.example/"],
      ["https://store.example:8443/v1/pay-store"],
      ["http://10.0.0.1/a.b/..c/d.."],
    ])("accepts %s", async (url) => {
      await chain.mustDeliver(bankA, [msg.setStore(bankA.address, url)]);
      expect(getApprovedParticipant(chain, bankA.address).payloadStoreUrl).toBe(url);
    });
  });

  it("4. (issue 33 rule 23) a rejected participant application keeps its REJECTED status; approving it is 1103; the applicant may apply again", async () => {
    await chain.mustDeliver(mallory, [msg.apply(mallory.address, "MALL", "Mallory Bank")]);
    const res = await blockEventsOf(chain, () => chain.govExec([msg.approve(mallory.address, false)]));
    expect(res.result).toEqual({ code: 0, codespace: "", log: "" });
    expect(res.events("paymsg_participant_decided")).toEqual([
      expect.objectContaining({ participant: mallory.address, approved: "false" }),
    ]);
    expect(getApplication(chain, mallory.address)).toMatchObject({ status: "rejected", code: "MALL" });
    expect(queryCode(() => getApprovedParticipant(chain, mallory.address))).toBe(22);
    expect(await chain.govExec([msg.approve(mallory.address, true)])).toMatchObject({ codespace: "paymsg", code: 1103 });
    expect(await chain.govExec([msg.approve(mallory.address, false)])).toMatchObject({ codespace: "paymsg", code: 1103 });
    expect(getApplication(chain, mallory.address)).toMatchObject({ status: "rejected" });
    await chain.mustDeliver(mallory, [msg.apply(mallory.address, "MALL2", "Mallory Bank 2")]);
    expect(getApplication(chain, mallory.address)).toMatchObject({ status: "pending", code: "MALL2" });
  });

  it("issue 33 rule 12: a settlement jurisdiction in any letter case is accepted and stored upper-case; an unassigned one is 1109", async () => {
    expect((await sendPayment(chain, payment("CASE-0001", { settlementJurisdiction: "de" }))).log).toBe("");
    expect(getPaymentRecord(chain, bankA.address, "CASE-0001").settlementJurisdiction).toBe("DE");
    expect((await sendPayment(chain, payment("CASE-0002", { settlementJurisdiction: "Fr" }))).log).toBe("");
    expect(getPaymentRecord(chain, bankA.address, "CASE-0002").settlementJurisdiction).toBe("FR");
    expectPaymsgError(await sendPayment(chain, payment("CASE-0003", { settlementJurisdiction: "zz" })), 1109);
    expectPaymsgError(await sendPayment(chain, payment("CASE-0004", { settlementJurisdiction: "d" })), 1109);
  });

  describe("5. errors name the field", () => {
    it.each([
      ["creditor", { creditor: "yml1creditor" }],
      ["instructed participant", { instructedParticipant: "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu" }],
      ["instructing participant", { instructingParticipant: "yml1" }],
    ])("a malformed %s address is sdk 7 naming the field", async (field, over) => {
      const res = await sendPayment(chain, payment("BAD-ADDR", over));
      expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 7 });
      expect(res.log).toMatch(new RegExp(`^invalid ${field} address: `));
    });

    it("a malformed customer address is sdk 7 naming the customer", async () => {
      const res = await chain.deliver(bankA, [msg.register(bankA.address, "yml1nobody")]);
      expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 7 });
      expect(res.log).toMatch(/^invalid customer address: /);
    });

    it("a gov proposal approving a malformed participant is refused at submission, naming the participant (sdk 7)", async () => {
      const deposit = govParams(chain).minDeposit;
      const res = await chain.deliver(bankB, [submitMsg(bankB.address, [msg.approve("yml1participant")], deposit)]);
      expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 7 });
      expect(res.log).toMatch(/^invalid participant address: /);
      expect(getProposal(chain, 1n)).toBeUndefined();
    });

    it("a malformed amount keeps paymsg's 1106 and names the amount", async () => {
      const res = await sendPayment(chain, payment("BAD-AMT", { amount: "0" }));
      expectPaymsgError(res, 1106);
      expect(res.log).toMatch(/^invalid send amount: /);
    });
  });
});
