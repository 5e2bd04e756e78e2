import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { moduleAddress } from "../../../src/types/address";
import { pack, type TestChain } from "../../helpers/chain";
import { EUR, approveEuro, eventOf, expectStablecoinError, getParams, keys, msg, stablecoinChain, supplyOf } from "./setup";

const { issuer, other, holder, mallory } = keys;

function sendEur(from: string, to: string, amount: bigint) {
  return pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
    fromAddress: from,
    toAddress: to,
    amount: [{ denom: EUR, amount: amount.toString() }],
  });
}

describe("stablecoin minting and burning", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await stablecoinChain();
    await approveEuro(chain);
  });
  afterAll(async () => chain.close());

  it("the approved issuer mints to a recipient through the module account", async () => {
    const res = await chain.mustDeliver(issuer, [msg.mint(issuer.address, "1500000", holder.address)]);
    expect(chain.balance(holder.address, EUR)).toBe(1_500_000n);
    expect(supplyOf(chain, EUR)).toBe(1_500_000n);
    expect(chain.balance(moduleAddress("stablecoin"), EUR)).toBe(0n);
    expect(eventOf(res, "stablecoin_mint")).toEqual({
      issuer: issuer.address,
      denom: EUR,
      amount: "1500000",
      recipient: holder.address,
      supply: "1500000",
    });
  });

  it("anyone else minting or burning is 1104, as is a denom with no issuer", async () => {
    expectStablecoinError(await chain.deliver(mallory, [msg.mint(mallory.address, "1", mallory.address)]), 1104);
    expectStablecoinError(await chain.deliver(mallory, [msg.burn(mallory.address, "1")]), 1104);
    expectStablecoinError(await chain.deliver(issuer, [msg.mint(issuer.address, "1", issuer.address, "uusd")]), 1104);
    expect(supplyOf(chain, EUR)).toBe(1_500_000n);
  });

  it.each([["0"], ["-5"], ["1.5"], ["abc"], [""]])("refuses amount %j (1105)", async (amount) => {
    expectStablecoinError(await chain.deliver(issuer, [msg.mint(issuer.address, amount, holder.address)]), 1105);
    expectStablecoinError(await chain.deliver(issuer, [msg.burn(issuer.address, amount)]), 1105);
  });

  it("refuses a malformed denom (1110) and a malformed recipient (sdk 7)", async () => {
    expectStablecoinError(await chain.deliver(issuer, [msg.mint(issuer.address, "1", holder.address, "x")]), 1110);
    const res = await chain.deliver(issuer, [msg.mint(issuer.address, "1", "not-an-address")]);
    expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 7 });
  });

  it("a mint to a module account is refused and leaves no supply behind", async () => {
    const res = await chain.deliver(issuer, [msg.mint(issuer.address, "10", moduleAddress("fee_collector"))]);
    expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 4 });
    expect(supplyOf(chain, EUR)).toBe(1_500_000n);
  });

  it("the issuer burns from its own balance", async () => {
    await chain.mustDeliver(issuer, [msg.mint(issuer.address, "400", issuer.address)]);
    const res = await chain.mustDeliver(issuer, [msg.burn(issuer.address, "150")]);
    expect(chain.balance(issuer.address, EUR)).toBe(250n);
    expect(supplyOf(chain, EUR)).toBe(1_500_250n);
    expect(eventOf(res, "stablecoin_burn")).toEqual({ issuer: issuer.address, denom: EUR, amount: "150", supply: "1500250" });
  });

  it("burning more than the issuer holds is refused (sdk 5) and burns nothing", async () => {
    const res = await chain.deliver(issuer, [msg.burn(issuer.address, "251")]);
    expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 5 });
    expect(supplyOf(chain, EUR)).toBe(1_500_250n);
  });

  it("the default ceiling applies to a denom without its own", async () => {
    expect(getParams(chain)).toEqual({ defaultMintCeiling: "1000000000000000", mintCeilings: [] });
    const room = 1_000_000_000_000_000n - 1_500_250n;
    expectStablecoinError(await chain.deliver(issuer, [msg.mint(issuer.address, (room + 1n).toString(), holder.address)]), 1113);
    await chain.mustDeliver(issuer, [msg.mint(issuer.address, room.toString(), holder.address)]);
    expect(supplyOf(chain, EUR)).toBe(1_000_000_000_000_000n);
    expectStablecoinError(await chain.deliver(issuer, [msg.mint(issuer.address, "1", holder.address)]), 1113);
  });

  it("a per-denom ceiling overrides the default; zero suspends minting", async () => {
    await chain.mustDeliver(issuer, [msg.burn(issuer.address, "250")]);
    await chain.mustDeliver(holder, [sendEur(holder.address, issuer.address, 999_999_999_998_000n)]);
    await chain.mustDeliver(issuer, [msg.burn(issuer.address, "999999999998000")]);
    expect(supplyOf(chain, EUR)).toBe(1_750n);

    expect(
      (await chain.govExec([msg.updateParams({ defaultMintCeiling: "0", mintCeilings: [{ denom: EUR, ceiling: "2000" }] })])).log,
    ).toBe("");
    await chain.mustDeliver(issuer, [msg.mint(issuer.address, "250", holder.address)]);
    expect(supplyOf(chain, EUR)).toBe(2_000n);
    expectStablecoinError(await chain.deliver(issuer, [msg.mint(issuer.address, "1", holder.address)]), 1113);

    expect(
      (await chain.govExec([msg.updateParams({ defaultMintCeiling: "5000", mintCeilings: [{ denom: EUR, ceiling: "0" }] })])).code,
    ).toBe(0);
    expectStablecoinError(await chain.deliver(issuer, [msg.mint(issuer.address, "1", holder.address)]), 1113);
    // Burning stays possible while minting is suspended.
    await chain.mustDeliver(holder, [sendEur(holder.address, issuer.address, 10n)]);
    await chain.mustDeliver(issuer, [msg.burn(issuer.address, "10")]);
    expect(supplyOf(chain, EUR)).toBe(1_990n);
  });

  it("no ceiling at all means no minting", async () => {
    expect((await chain.govExec([msg.updateParams({ defaultMintCeiling: "", mintCeilings: [] })])).code).toBe(0);
    expect(getParams(chain)).toEqual({ defaultMintCeiling: "0", mintCeilings: [] });
    expectStablecoinError(await chain.deliver(issuer, [msg.mint(issuer.address, "1", holder.address)]), 1113);
  });

  it("two messages in one tx are all or nothing", async () => {
    expect((await chain.govExec([msg.updateParams({ defaultMintCeiling: "2100", mintCeilings: [] })])).code).toBe(0);
    const res = await chain.deliver(issuer, [
      msg.mint(issuer.address, "100", other.address),
      msg.mint(issuer.address, "11", other.address),
    ]);
    expectStablecoinError(res, 1113);
    expect(chain.balance(other.address, EUR)).toBe(0n);
    expect(supplyOf(chain, EUR)).toBe(1_990n);
  });
});
