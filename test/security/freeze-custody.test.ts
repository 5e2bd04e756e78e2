import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestChain } from "../helpers/chain";
import { BTC, custodyChain, keys, msg, setUpAsset } from "../integration/custody/setup";
import { deliverFrozen, ERR_FROZEN, expectEnforcementError, freeze, release } from "./helpers/freeze-titles-case";

// A custody attestation that reaches the threshold mints claims for the named recipient: a frozen
// attestor must not create money for anyone, as a frozen stablecoin issuer must not.

describe("a frozen custody attestor credits no deposit and settles no redemption", () => {
  let chain: TestChain;
  let caseId = 0n;
  beforeAll(async () => {
    chain = await custodyChain();
    await setUpAsset(chain);
    await chain.mustDeliver(keys.a1, [msg.attest(keys.a1.address, keys.mallory.address, "500", "btc-tx-1")]);
    caseId = await freeze(chain, keys.a2.address);
  });
  afterAll(async () => chain.close());

  it("the attestation that would credit the deposit is refused with ErrFrozen; nothing is minted", async () => {
    expectEnforcementError(
      await deliverFrozen(chain, keys.a2, [msg.attest(keys.a2.address, keys.mallory.address, "500", "btc-tx-1")]),
      ERR_FROZEN,
    );
    expect(chain.balance(keys.mallory.address, BTC)).toBe(0n);
  });

  it("a settlement by the frozen attestor is refused with ErrFrozen", async () => {
    await chain.mustDeliver(keys.a3, [msg.attest(keys.a3.address, keys.alice.address, "300", "btc-tx-2")]);
    await chain.mustDeliver(keys.a1, [msg.attest(keys.a1.address, keys.alice.address, "300", "btc-tx-2")]);
    expect(chain.balance(keys.alice.address, BTC)).toBe(300n);
    await chain.mustDeliver(keys.alice, [msg.redeem(keys.alice.address, "100")]);
    await chain.produceBlocks(3);
    expectEnforcementError(await deliverFrozen(chain, keys.a2, [msg.settle(keys.a2.address, "r1")]), ERR_FROZEN);
  });

  it("after release the attestor credits the deposit and settles the redemption it could not", async () => {
    await release(chain, caseId);
    const res = await chain.deliver(keys.a2, [msg.attest(keys.a2.address, keys.mallory.address, "500", "btc-tx-1")]);
    expect(res.code, res.log).toBe(0);
    expect(chain.balance(keys.mallory.address, BTC)).toBe(500n);
    await chain.mustDeliver(keys.a2, [msg.settle(keys.a2.address, "r1")]);
  });
});
