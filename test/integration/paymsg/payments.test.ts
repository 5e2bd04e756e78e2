import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "../../../src/gen/blockchain/paymsg/v1/query";
import { moduleAddress } from "../../../src/types/address";
import { DENOM, type TestChain } from "../../helpers/chain";
import {
  Q,
  expectPaymsgError,
  getPaymentRecord,
  keys,
  msg,
  payment,
  paymsgChain,
  queryCode,
  sendPayment,
  setUpParticipants,
} from "./setup";

const { bankA, bankB, alice, bob, mallory } = keys;
const FEE = 5000n;

describe("paymsg SendPayment", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await paymsgChain();
    await setUpParticipants(chain);
  });
  afterAll(async () => chain.close());

  it("moves the amount through bank and writes the record keyed by (instructing participant, end_to_end_id)", async () => {
    const aliceBefore = chain.balance(alice.address);
    const bobBefore = chain.balance(bob.address);
    const hash = new Uint8Array(32).map((_, i) => i + 1);
    const res = await sendPayment(chain, payment("E2E-0001", { amount: "250000", metadataHash: hash, settlementJurisdiction: "FR" }));
    expect(res.log).toBe("");
    expect(res.code).toBe(0);
    expect(chain.balance(alice.address)).toBe(aliceBefore - 250000n - FEE);
    expect(chain.balance(bob.address)).toBe(bobBefore + 250000n);
    expect(getPaymentRecord(chain, bankA.address, "E2E-0001")).toEqual({
      endToEndId: "E2E-0001",
      instructingParticipant: bankA.address,
      instructedParticipant: bankB.address,
      debtor: alice.address,
      creditor: bob.address,
      denom: DENOM,
      amount: "250000",
      purposeCode: "",
      remittanceInformation: "",
      blockHeight: res.height,
      amountCommitment: new Uint8Array(),
      metadataHash: hash,
      settlementJurisdiction: "FR",
    });
    const sent = res.events.find((e) => e.type === "paymsg_payment_sent");
    expect(Object.fromEntries(sent!.attributes.map((a) => [a.key, a.value]))).toMatchObject({
      end_to_end_id: "E2E-0001",
      amount: `250000${DENOM}`,
      settlement_jurisdiction: "FR",
    });
  });

  it("end_to_end_id is unique per instructing participant (1105) and nothing moves on refusal", async () => {
    const before = chain.balance(alice.address);
    expectPaymsgError(await sendPayment(chain, payment("E2E-0001")), 1105);
    expect(chain.balance(alice.address)).toBe(before - FEE);
    // The same id under another instructing participant is a different payment.
    await chain.mustDeliver(bankB, [msg.register(bankB.address, mallory.address)]);
    await chain.mustDeliver(mallory, [
      msg.send(
        payment("E2E-0001", {
          debtor: mallory.address,
          instructingParticipant: bankB.address,
          instructedParticipant: bankA.address,
          creditor: alice.address,
        }),
      ),
    ]);
    expect(getPaymentRecord(chain, bankB.address, "E2E-0001").debtor).toBe(mallory.address);
    expect(getPaymentRecord(chain, bankA.address, "E2E-0001").debtor).toBe(alice.address);
  });

  it("the debtor must bank with the instructing participant (1107)", async () => {
    expectPaymsgError(await sendPayment(chain, payment("E2E-NC-2", { debtor: bob.address }), bob), 1107);
    expectPaymsgError(
      await sendPayment(chain, payment("E2E-NC-3", { instructingParticipant: bankB.address, instructedParticipant: bankA.address })),
      1107,
    );
    expect(queryCode(() => getPaymentRecord(chain, bankA.address, "E2E-NC-2"))).toBe(22);
  });

  it("both participants must be approved (1104)", async () => {
    expectPaymsgError(await sendPayment(chain, payment("E2E-NA-1", { instructedParticipant: mallory.address })), 1104);
    expectPaymsgError(await sendPayment(chain, payment("E2E-NA-2", { instructingParticipant: mallory.address })), 1104);
  });

  it.each([["0"], ["-5"], ["007"], ["1.5"], ["1e3"], [""], [" 10"], [(1n << 256n).toString()]])(
    "refuses amount %j (1106)",
    async (amount) => {
      expectPaymsgError(await sendPayment(chain, payment("E2E-AMT", { amount })), 1106);
    },
  );

  it("refuses an invalid denom (1106)", async () => {
    expectPaymsgError(await sendPayment(chain, payment("E2E-DENOM", { denom: "1bad" })), 1106);
  });

  it.each([
    ["missing end_to_end_id", { endToEndId: "" }],
    ["end_to_end_id over Max35Text", { endToEndId: "E".repeat(36) }],
    ["end_to_end_id with a control character", { endToEndId: "E2E\n1" }],
    ["end_to_end_id with surrounding whitespace", { endToEndId: " E2E-1" }],
    ["purpose code over 4 characters", { metadataHash: new Uint8Array(), purposeCode: "GDDSX" }],
    ["purpose code outside A-Z/0-9", { metadataHash: new Uint8Array(), purposeCode: "gd" }],
    ["remittance over Max140Text", { metadataHash: new Uint8Array(), remittanceInformation: "r".repeat(141) }],
    ["missing creditor", { creditor: "" }],
    ["missing instructed participant", { instructedParticipant: "" }],
  ])("refuses %s (1108)", async (_label, over) => {
    expectPaymsgError(await sendPayment(chain, payment("E2E-F", over)), 1108);
  });

  it("accepts the longest ISO 20022 values", async () => {
    const id = "Z".repeat(35);
    await chain.mustDeliver(alice, [
      msg.send(payment(id, { metadataHash: new Uint8Array(), purposeCode: "SALA", remittanceInformation: "é".repeat(140) })),
    ]);
    expect(getPaymentRecord(chain, bankA.address, id)).toMatchObject({
      purposeCode: "SALA",
      remittanceInformation: "é".repeat(140),
      metadataHash: new Uint8Array(),
    });
  });

  it.each([["XX"], ["ZZ"], ["AA"], ["QM"], ["XK"], ["EU"], ["UK"], ["zz"], ["DEU"], ["D"]])(
    "refuses settlement jurisdiction %s (1109)",
    async (code) => {
      expectPaymsgError(await sendPayment(chain, payment("E2E-J", { settlementJurisdiction: code })), 1109);
    },
  );

  it("a settlement jurisdiction is optional until governance requires it (1109)", async () => {
    await chain.mustDeliver(alice, [msg.send(payment("E2E-NOJ-1", { settlementJurisdiction: "" }))]);
    expect(getPaymentRecord(chain, bankA.address, "E2E-NOJ-1").settlementJurisdiction).toBe("");
    expect((await chain.govExec([msg.updateParams(true)])).code).toBe(0);
    expectPaymsgError(await sendPayment(chain, payment("E2E-NOJ-2", { settlementJurisdiction: "" })), 1109);
    await chain.mustDeliver(alice, [msg.send(payment("E2E-NOJ-3", { settlementJurisdiction: "GB" }))]);
    expect((await chain.govExec([msg.updateParams(false)])).code).toBe(0);
  });

  it("metadata_hash must be 32 bytes and excludes plaintext detail (1110)", async () => {
    expectPaymsgError(await sendPayment(chain, payment("E2E-M", { metadataHash: new Uint8Array(31) })), 1110);
    expectPaymsgError(await sendPayment(chain, payment("E2E-M", { metadataHash: new Uint8Array(33) })), 1110);
    expectPaymsgError(await sendPayment(chain, payment("E2E-M", { purposeCode: "GDDS" })), 1110);
    expectPaymsgError(await sendPayment(chain, payment("E2E-M", { remittanceInformation: "Invoice 42" })), 1110);
  });

  it("confidential amount fields are reserved (1111)", async () => {
    expectPaymsgError(await sendPayment(chain, payment("E2E-C", { amountCommitment: new Uint8Array(33).fill(2) })), 1111);
    expectPaymsgError(await sendPayment(chain, payment("E2E-C", { amountRangeProof: new Uint8Array(64).fill(3) })), 1111);
  });

  it("bank rules apply: insufficient funds and blocked recipients are refused", async () => {
    const tooMuch = await sendPayment(chain, payment("E2E-B-1", { amount: "100000000000" }));
    expect({ codespace: tooMuch.codespace, code: tooMuch.code }).toEqual({ codespace: "sdk", code: 5 });
    const blocked = await sendPayment(chain, payment("E2E-B-2", { creditor: moduleAddress("fee_collector") }));
    expect({ codespace: blocked.codespace, code: blocked.code }).toEqual({ codespace: "sdk", code: 4 });
    expect(queryCode(() => getPaymentRecord(chain, bankA.address, "E2E-B-1"))).toBe(22);
  });

  it("only the debtor signs a payment", async () => {
    const res = await sendPayment(chain, payment("E2E-S"), mallory);
    expect(res.code).not.toBe(0);
    expect(queryCode(() => getPaymentRecord(chain, bankA.address, "E2E-S"))).toBe(22);
  });

  it("lists payment records with pagination and answers bad lookups with gRPC errors", () => {
    const first = chain.query(
      Q + "ListPaymentRecord",
      q.QueryAllPaymentRecordRequest,
      { pagination: { key: new Uint8Array(), offset: 0n, limit: 2n, countTotal: true, reverse: false } },
      q.QueryAllPaymentRecordResponse,
    );
    expect(first.paymentRecord).toHaveLength(2);
    expect(first.pagination!.total).toBe(5n);
    const rest = chain.query(
      Q + "ListPaymentRecord",
      q.QueryAllPaymentRecordRequest,
      { pagination: { key: first.pagination!.nextKey, offset: 0n, limit: 10n, countTotal: false, reverse: false } },
      q.QueryAllPaymentRecordResponse,
    );
    expect(rest.paymentRecord).toHaveLength(3);
    expect(queryCode(() => getPaymentRecord(chain, bankA.address, ""))).toBe(18);
    expect(queryCode(() => getPaymentRecord(chain, "not-an-address", "E2E-0001"))).toBe(18);
    expect(queryCode(() => getPaymentRecord(chain, bankB.address, "E2E-0002"))).toBe(22);
  });
});
