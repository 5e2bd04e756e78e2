import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DENOM, type TestChain } from "../../helpers/chain";
import {
  EUR,
  approveEuro,
  currency,
  eventOf,
  expectStablecoinError,
  getApplication,
  getIssuer,
  keys,
  msg,
  queryCode,
  stablecoinChain,
  supplyOf,
} from "./setup";

const { issuer, other, holder, mallory } = keys;
const eurFee = { fee: [{ denom: EUR, amount: "100" }] };

describe("stablecoin issuer revocation and fees in stablecoins", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await stablecoinChain();
    await approveEuro(chain);
    await chain.mustDeliver(issuer, [msg.mint(issuer.address, "100000", holder.address)]);
  });
  afterAll(async () => chain.close());

  it("a fee in a currency with an approved issuer is accepted", async () => {
    await chain.mustDeliver(
      holder,
      [msg.register(currency(holder.address, { denom: "uchf", displayDenom: "chf", symbol: "CHFT" }))],
      eurFee,
    );
    expect(chain.balance(holder.address, EUR)).toBe(99_900n);
  });

  it("revoking a denom without an approved issuer is 1104", async () => {
    expect(await chain.govExec([msg.revoke("uchf")])).toMatchObject({ codespace: "stablecoin", code: 1104 });
  });

  it("revocation needs a reason", async () => {
    const res = await chain.deliver(mallory, [msg.revoke(EUR, " ", mallory.address)]);
    expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 18 });
  });

  it("revocation ends minting and burning; issued coins stay with their holders", async () => {
    expect((await chain.govExec([msg.revoke(EUR, "reserve audit failed")])).log).toBe("");
    expect(queryCode(() => getIssuer(chain, EUR))).toBe(22);
    expect(getApplication(chain, EUR).status).toBe("revoked");
    expectStablecoinError(await chain.deliver(issuer, [msg.mint(issuer.address, "1", issuer.address)]), 1104);
    expect(chain.balance(holder.address, EUR)).toBe(99_900n);
    expect(supplyOf(chain, EUR)).toBe(100_000n);
  });

  it("a fee in a currency whose issuer was revoked is refused (1111) and nothing is charged", async () => {
    const before = chain.account(holder.address)!.sequence;
    const res = await chain.deliver(
      holder,
      [msg.register(currency(holder.address, { denom: "ujpy", displayDenom: "jpy", symbol: "JPYT" }))],
      eurFee,
    );
    expectStablecoinError(res, 1111);
    expect(chain.balance(holder.address, EUR)).toBe(99_900n);
    expect(chain.account(holder.address)!.sequence).toBe(before);
    // The same tx paying in the staking token goes through.
    await chain.mustDeliver(holder, [msg.register(currency(holder.address, { denom: "ujpy", displayDenom: "jpy", symbol: "JPYT" }))], {
      fee: [{ denom: DENOM, amount: "100" }],
    });
  });

  it("a successor issuer can apply for a revoked currency; its approval restores minting and fees", async () => {
    const res = await chain.mustDeliver(other, [msg.register(currency(other.address))]);
    expect(eventOf(res, "stablecoin_currency_registered")).toEqual({ denom: EUR, creator: other.address });
    expectStablecoinError(
      await chain.deliver(holder, [msg.register(currency(holder.address, { denom: "usek", displayDenom: "sek", symbol: "SEKT" }))], eurFee),
      1111,
    );

    expect((await chain.govExec([msg.approve(EUR)])).code).toBe(0);
    expect(getIssuer(chain, EUR)).toEqual({ denom: EUR, issuer: other.address });
    await chain.mustDeliver(other, [msg.mint(other.address, "5", holder.address)]);
    expectStablecoinError(await chain.deliver(issuer, [msg.mint(issuer.address, "5", holder.address)]), 1104);
    await chain.mustDeliver(
      holder,
      [msg.register(currency(holder.address, { denom: "usek", displayDenom: "sek", symbol: "SEKT" }))],
      eurFee,
    );
  });
});
