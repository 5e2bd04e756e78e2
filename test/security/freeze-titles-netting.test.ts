import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestChain } from "../helpers/chain";
import { EUR, USD, held, keys, msg, nettingChain, position, throughBoundary, untilBeforeBoundary } from "../integration/netting/setup";
import { ERR_FROZEN, deliverFrozen, expectEnforcementError, freeze, release } from "./helpers/freeze-titles-case";

// Attack: a participant under an enforcement freeze moves value through netting, where net-mode
// obligations move only the module's ledger and reserves leave from the module account, so bank's
// send check never sees the participant: it owes new net obligations, withdraws its reserve, or
// lets the cycle settlement (a block hook) pay its net debit out of its reserve. Settlement must
// neither pay out a frozen debtor nor fail: its slice is held until the freeze ends.

const { bankA, bankB, bankC } = keys;
const [A, B, C] = [bankA.address, bankB.address, bankC.address];
const coin = (denom: string, amount: string) => [{ denom, amount }];
const entry = (participant: string, denom: string) => position(chain, participant).find((e) => e.denom === denom)!;

let chain: TestChain;

/** Produces the boundary block; returns its netting events by type. */
async function boundary(): Promise<(type: string) => Array<Record<string, string>>> {
  await untilBeforeBoundary(chain);
  const block = await chain.engine.produceBlock();
  return (type) =>
    block.response.events
      .filter((e) => e.type === `blockchain.netting.v1.${type}`)
      .map((e) => Object.fromEntries(e.attributes.map((a) => [a.key, a.value])));
}

describe("netting: a frozen participant moves no value through the ledger", () => {
  let caseId: bigint;

  beforeAll(async () => {
    chain = await nettingChain();
    await throughBoundary(chain); // a fresh cycle, so everything below falls in one window
    for (const k of [bankA, bankB, bankC]) await chain.mustDeliver(k, [msg.post(k.address, [...coin(EUR, "1000"), ...coin(USD, "1000")])]);
    // Before the freeze: A owes B 300 EUR (net); C owes A 200 USD (A is a creditor there).
    await chain.mustDeliver(bankA, [msg.submit(A, B, "300", EUR)]);
    await chain.mustDeliver(bankC, [msg.submit(C, A, "200", USD)]);
    caseId = await freeze(chain, A);
  });
  afterAll(async () => chain.close());

  it("a frozen debtor's net obligation is refused with ErrFrozen; its position does not move", async () => {
    expectEnforcementError(await deliverFrozen(chain, bankA, [msg.submit(A, B, "100", EUR)]), ERR_FROZEN);
    expect(entry(A, EUR)).toMatchObject({ netPosition: "-300", locked: "300" });
  });

  it("a frozen participant cannot withdraw its reserve (the module pays, bank does not see the participant)", async () => {
    expectEnforcementError(await deliverFrozen(chain, bankA, [msg.withdraw(A, coin(EUR, "100"))]), ERR_FROZEN);
    expect(entry(A, EUR).reserve).toBe("1000");
  });

  it("others may still owe the frozen participant (receiving is allowed)", async () => {
    await chain.mustDeliver(bankB, [msg.submit(B, A, "50", EUR)]);
    expect(entry(A, EUR).netPosition).toBe("-250");
  });

  it("the settlement holds the slice where the frozen account is a net debtor, settles the one where it is a creditor, and the block goes on", async () => {
    const events = await boundary();
    expect(events("EventCycleHeld")).toEqual([
      expect.objectContaining({
        denom: JSON.stringify(EUR),
        reason: expect.stringContaining(`${A} owes a net debit 250${EUR} while frozen`),
      }),
    ]);
    expect(events("EventCycleSettled").map((e) => e.denom)).toEqual([JSON.stringify(USD)]);
    expect(held(chain).map((h) => h.denom)).toEqual([EUR]);
    expect(entry(A, EUR)).toMatchObject({ reserve: "1000", locked: "250" });
    expect(entry(B, EUR).reserve).toBe("1000");
    expect(entry(A, USD).reserve).toBe("1200");
    await chain.produceBlocks(2);
  });

  it("after release the held slice settles at the next boundary and the reserve can be withdrawn", async () => {
    await release(chain, caseId);
    const events = await boundary();
    expect(events("EventCycleSettled")).toEqual([expect.objectContaining({ denom: JSON.stringify(EUR), retried: "true" })]);
    expect(held(chain)).toEqual([]);
    expect(entry(A, EUR)).toMatchObject({ reserve: "750", locked: "0" });
    expect(entry(B, EUR).reserve).toBe("1250");
    await chain.mustDeliver(bankA, [msg.withdraw(A, coin(EUR, "100"))]);
  });
});
