import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "../../../src/gen/blockchain/paymsg/v1/query";
import type { TestChain } from "../../helpers/chain";
import { Q, expectPaymsgError, getApplication, getApprovedParticipant, getCustomer, keys, msg, paymsgChain, queryCode } from "./setup";

const { bankA, bankB, alice, bob, mallory } = keys;

describe("paymsg participants, customers and payload stores", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await paymsgChain();
  });
  afterAll(async () => chain.close());

  it("an application is pending until governance decides it", async () => {
    await chain.mustDeliver(bankA, [msg.apply(bankA.address, "BANKADEFF", "Bank A")]);
    expect(getApplication(chain, bankA.address)).toEqual({ creator: bankA.address, status: "pending", code: "BANKADEFF", name: "Bank A" });
    expect(queryCode(() => getApprovedParticipant(chain, bankA.address))).toBe(22);

    expect((await chain.govExec([msg.approve(bankA.address)])).code).toBe(0);
    expect(getApplication(chain, bankA.address).status).toBe("approved");
    expect(getApprovedParticipant(chain, bankA.address)).toEqual({
      participant: bankA.address,
      code: "BANKADEFF",
      name: "Bank A",
      payloadStoreUrl: "",
    });
  });

  it("refuses a duplicate application (1101), also from an approved participant", async () => {
    await chain.mustDeliver(bankB, [msg.apply(bankB.address, "BANKBFRPP", "Bank B")]);
    expectPaymsgError(await chain.deliver(bankB, [msg.apply(bankB.address, "OTHER", "Other")]), 1101);
    expectPaymsgError(await chain.deliver(bankA, [msg.apply(bankA.address, "AGAIN", "Again")]), 1101);
    expect(getApplication(chain, bankB.address).code).toBe("BANKBFRPP");
  });

  it("only governance approves (1100 for anyone else)", async () => {
    const res = await chain.deliver(mallory, [msg.approve(bankB.address, true, mallory.address)]);
    expectPaymsgError(res, 1100);
    expect(getApplication(chain, bankB.address).status).toBe("pending");
    expectPaymsgError(await chain.deliver(mallory, [msg.updateParams(true, mallory.address)]), 1100);
  });

  it("approving without an application is 1102; deciding a decided one is 1103", async () => {
    const missing = await chain.govExec([msg.approve(mallory.address)]);
    expect(missing).toMatchObject({ codespace: "paymsg", code: 1102 });
    const again = await chain.govExec([msg.approve(bankA.address, false)]);
    expect(again).toMatchObject({ codespace: "paymsg", code: 1103 });
    expect(getApprovedParticipant(chain, bankA.address).participant).toBe(bankA.address);
  });

  it("a rejection keeps the application as rejected (deciding it again is 1103) and lets the applicant apply again", async () => {
    await chain.mustDeliver(mallory, [msg.apply(mallory.address, "MALL", "Mallory Bank")]);
    expect((await chain.govExec([msg.approve(mallory.address, false)])).code).toBe(0);
    expect(getApplication(chain, mallory.address)).toMatchObject({ status: "rejected" });
    expect(queryCode(() => getApprovedParticipant(chain, mallory.address))).toBe(22);
    expect(await chain.govExec([msg.approve(mallory.address, true)])).toMatchObject({ codespace: "paymsg", code: 1103 });
    await chain.mustDeliver(mallory, [msg.apply(mallory.address, "MALL2", "Mallory Bank 2")]);
    expect(getApplication(chain, mallory.address)).toMatchObject({ status: "pending", code: "MALL2" });
  });

  it("refuses application fields outside their limits (1108)", async () => {
    const carol = keys.alice;
    expectPaymsgError(await chain.deliver(carol, [msg.apply(carol.address, "", "Name")]), 1108);
    expectPaymsgError(await chain.deliver(carol, [msg.apply(carol.address, "C".repeat(36), "Name")]), 1108);
    expectPaymsgError(await chain.deliver(carol, [msg.apply(carol.address, "CODE", "N".repeat(141))]), 1108);
  });

  it("only an approved participant registers customers (1104)", async () => {
    expectPaymsgError(await chain.deliver(bankB, [msg.register(bankB.address, bob.address)]), 1104);
    expect(queryCode(() => getCustomer(chain, bob.address))).toBe(22);
  });

  it("a participant registers and removes its customer; the customer confirms or leaves", async () => {
    await chain.mustDeliver(bankA, [msg.register(bankA.address, alice.address)]);
    expect(getCustomer(chain, alice.address)).toEqual({ customer: alice.address, participant: bankA.address, confirmed: false });

    await chain.mustDeliver(alice, [msg.confirm(alice.address, bankA.address)]);
    expect(getCustomer(chain, alice.address).confirmed).toBe(true);
    // Registering again is idempotent and keeps the confirmation.
    await chain.mustDeliver(bankA, [msg.register(bankA.address, alice.address)]);
    expect(getCustomer(chain, alice.address).confirmed).toBe(true);

    await chain.mustDeliver(bankA, [msg.register(bankA.address, alice.address, false)]);
    expect(queryCode(() => getCustomer(chain, alice.address))).toBe(22);
    expectPaymsgError(await chain.deliver(bankA, [msg.register(bankA.address, alice.address, false)]), 1107);

    await chain.mustDeliver(bankA, [msg.register(bankA.address, bob.address)]);
    await chain.mustDeliver(bob, [msg.confirm(bob.address, bankA.address, false)]);
    expect(queryCode(() => getCustomer(chain, bob.address))).toBe(22);
    expectPaymsgError(await chain.deliver(bob, [msg.confirm(bob.address, bankA.address)]), 1107);
  });

  it("a customer banks with one participant: another cannot take it over", async () => {
    expect((await chain.govExec([msg.approve(bankB.address)])).code).toBe(0);
    await chain.mustDeliver(bankA, [msg.register(bankA.address, alice.address)]);
    const res = await chain.deliver(bankB, [msg.register(bankB.address, alice.address)]);
    expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 36 });
    expectPaymsgError(await chain.deliver(bankB, [msg.register(bankB.address, alice.address, false)]), 1107);
    expect(getCustomer(chain, alice.address).participant).toBe(bankA.address);
    // Once the customer leaves, the other participant may register it.
    await chain.mustDeliver(alice, [msg.confirm(alice.address, bankA.address, false)]);
    await chain.mustDeliver(bankB, [msg.register(bankB.address, alice.address)]);
    expect(getCustomer(chain, alice.address).participant).toBe(bankB.address);
    await chain.mustDeliver(alice, [msg.confirm(alice.address, bankB.address, false)]);
    await chain.mustDeliver(bankA, [msg.register(bankA.address, alice.address)]);
  });

  it("sets and withdraws the payload store URL", async () => {
    await chain.mustDeliver(bankA, [msg.setStore(bankA.address, "https://payloads.bank-a.example:8443/store/v1")]);
    expect(getApprovedParticipant(chain, bankA.address).payloadStoreUrl).toBe("https://payloads.bank-a.example:8443/store/v1");
    await chain.mustDeliver(bankA, [msg.setStore(bankA.address, "http://127.0.0.1:9000")]);
    expect(getApprovedParticipant(chain, bankA.address).payloadStoreUrl).toBe("http://127.0.0.1:9000");
    await chain.mustDeliver(bankA, [msg.setStore(bankA.address, "")]);
    expect(getApprovedParticipant(chain, bankA.address).payloadStoreUrl).toBe("");
  });

  it("only an approved participant sets a payload store (1104)", async () => {
    expectPaymsgError(await chain.deliver(mallory, [msg.setStore(mallory.address, "https://m.example")]), 1104);
  });

  it.each([
    ["ftp://store.example"],
    ["store.example/path"],
    ["/relative"],
    ["https://"],
    ["https://user:secret@store.example"],
    ["https://store.example/?q=1"],
    ["https://store.example/#frag"],
    ["https://store.example:99999"],
    ["https://store .example"],
    ["HTTPS://store.example"],
    [`https://store.example/${"a".repeat(512)}`],
  ])("refuses payload store URL %s (1112)", async (url) => {
    expectPaymsgError(await chain.deliver(bankA, [msg.setStore(bankA.address, url)]), 1112);
  });

  it("lists applications and approved participants with pagination", () => {
    const apps = chain.query(
      Q + "ListParticipantApplication",
      q.QueryAllParticipantApplicationRequest,
      { pagination: { key: new Uint8Array(), offset: 0n, limit: 2n, countTotal: true, reverse: false } },
      q.QueryAllParticipantApplicationResponse,
    );
    expect(apps.participantApplication).toHaveLength(2);
    expect(apps.pagination?.total).toBe(3n);
    const next = chain.query(
      Q + "ListParticipantApplication",
      q.QueryAllParticipantApplicationRequest,
      { pagination: { key: apps.pagination!.nextKey, offset: 0n, limit: 2n, countTotal: false, reverse: false } },
      q.QueryAllParticipantApplicationResponse,
    );
    expect(next.participantApplication).toHaveLength(1);
    const creators = [...apps.participantApplication, ...next.participantApplication].map((a) => a.creator).sort();
    expect(creators).toEqual([bankA.address, bankB.address, mallory.address].sort());

    const approved = chain.query(
      Q + "ListApprovedParticipant",
      q.QueryAllApprovedParticipantRequest,
      { pagination: undefined },
      q.QueryAllApprovedParticipantResponse,
    );
    expect(approved.approvedParticipant.map((p) => p.participant).sort()).toEqual([bankA.address, bankB.address].sort());
  });

  it("governance updates params", async () => {
    expect((await chain.govExec([msg.updateParams(true)])).code).toBe(0);
    expect(chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params).toEqual({
      requireSettlementJurisdiction: true,
    });
    expect((await chain.govExec([msg.updateParams(false)])).code).toBe(0);
    expect(chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params).toEqual({
      requireSettlementJurisdiction: false,
    });
  });
});
