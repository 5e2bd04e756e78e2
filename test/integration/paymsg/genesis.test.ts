import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "../../../src/gen/blockchain/paymsg/v1/query";
import { DENOM, type TestChain } from "../../helpers/chain";
import {
  Q,
  getApprovedParticipant,
  getCustomer,
  getPaymentRecord,
  keys,
  msg,
  paymsgChain,
  payment,
  sendPayment,
  expectPaymsgError,
} from "./setup";

const { bankA, bankB, alice, bob } = keys;
const HASH = Buffer.alloc(32, 5).toString("base64");

function paymsgGenesis(overrides: Record<string, unknown> = {}) {
  return (appState: Record<string, any>) => {
    appState.paymsg = {
      params: { require_settlement_jurisdiction: true },
      participant_application_map: [{ creator: bankA.address, status: "approved", code: "BANKADEFF", name: "Bank A" }],
      approved_participant_map: [
        { participant: bankA.address, code: "BANKADEFF", name: "Bank A", payload_store_url: "https://store.bank-a.example" },
        { participant: bankB.address, code: "BANKBFRPP", name: "Bank B", payload_store_url: "" },
      ],
      payment_record_map: [
        {
          end_to_end_id: "LEGACY-1",
          instructing_participant: bankA.address,
          instructed_participant: bankB.address,
          debtor: alice.address,
          creditor: bob.address,
          denom: DENOM,
          amount: "42",
          purpose_code: "SALA",
          remittance_information: "March salary",
          block_height: "7",
          amount_commitment: "",
          metadata_hash: "",
          settlement_jurisdiction: "",
        },
        {
          end_to_end_id: "NEW-1",
          instructing_participant: bankA.address,
          instructed_participant: bankB.address,
          debtor: alice.address,
          creditor: bob.address,
          denom: DENOM,
          amount: "43",
          purpose_code: "",
          remittance_information: "",
          block_height: "9",
          amount_commitment: "",
          metadata_hash: HASH,
          settlement_jurisdiction: "DE",
        },
      ],
      customer_map: [{ customer: alice.address, participant: bankA.address, confirmed: true }],
      ...overrides,
    };
  };
}

describe("paymsg genesis", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await paymsgChain(paymsgGenesis());
  });
  afterAll(async () => chain.close());

  it("imports participants, customers, records (legacy plaintext kept as written) and params", async () => {
    expect(getApprovedParticipant(chain, bankA.address).payloadStoreUrl).toBe("https://store.bank-a.example");
    expect(getCustomer(chain, alice.address)).toEqual({ customer: alice.address, participant: bankA.address, confirmed: true });
    expect(getPaymentRecord(chain, bankA.address, "LEGACY-1")).toMatchObject({
      purposeCode: "SALA",
      remittanceInformation: "March salary",
      blockHeight: 7n,
    });
    expect(getPaymentRecord(chain, bankA.address, "NEW-1").metadataHash).toEqual(new Uint8Array(32).fill(5));
    expect(chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params?.requireSettlementJurisdiction).toBe(true);
    // The imported state is live: the id is taken, and the jurisdiction is required.
    expectPaymsgError(await sendPayment(chain, payment("LEGACY-1")), 1105);
    expectPaymsgError(await sendPayment(chain, payment("NEW-2", { settlementJurisdiction: "" })), 1109);
    await chain.mustDeliver(alice, [msg.send(payment("NEW-2"))]);
  });

  it("exports what it holds", () => {
    const exported = chain.app.exportAppState() as Record<string, any>;
    expect(exported.paymsg.params).toEqual({ require_settlement_jurisdiction: true });
    expect(exported.paymsg.payment_record_map.map((r: any) => r.end_to_end_id).sort()).toEqual(["LEGACY-1", "NEW-1", "NEW-2"]);
    expect(exported.paymsg.customer_map).toHaveLength(1);
    expect(exported.paymsg.approved_participant_map).toHaveLength(2);
  });

  it.each([
    [
      "a customer of an unapproved participant",
      { customer_map: [{ customer: bob.address, participant: alice.address, confirmed: false }] },
    ],
    [
      "a duplicate participant",
      {
        approved_participant_map: [
          { participant: bankA.address, code: "A", name: "A", payload_store_url: "" },
          { participant: bankA.address, code: "A", name: "A", payload_store_url: "" },
        ],
      },
    ],
    [
      "a bad payload store URL",
      { approved_participant_map: [{ participant: bankA.address, code: "A", name: "A", payload_store_url: "ftp://x" }] },
    ],
    ["an unknown application status", { participant_application_map: [{ creator: bankA.address, status: "maybe", code: "A", name: "A" }] }],
  ])("refuses genesis with %s", async (_label, overrides) => {
    await expect(paymsgChain(paymsgGenesis({ customer_map: [], payment_record_map: [], ...overrides }))).rejects.toThrow();
  });
});
