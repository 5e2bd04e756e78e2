import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as tx from "../../../src/gen/blockchain/custody/v1/tx";
import { moduleAddress } from "../../../src/types/address";
import type { TestChain } from "../../helpers/chain";
import { BTC, custodyChain, eventOf, expectCustodyError, keys, msg, response, sdkCode, setUpAsset, solvency, testParams } from "./setup";

const { a1, a2, a3, alice, bob, mallory } = keys;

describe("custody refusals: every error code through signed txs", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await custodyChain();
    await setUpAsset(chain);
  });
  afterAll(async () => chain.close());

  it("governance-only messages signed by anyone else are ErrInvalidSigner (13) and change nothing", async () => {
    for (const m of [
      msg.registerAsset({ denom: "ceth", symbol: "ETH" }, mallory.address),
      msg.setAttestor(mallory.address, true, mallory.address),
      msg.withdrawFees(mallory.address, "", BTC, mallory.address),
      msg.updateParams({ attestationThreshold: 2, redemptionDelayBlocks: 0n, feeBps: 0, reserveReportMaxAgeBlocks: 1n }, mallory.address),
    ]) {
      expectCustodyError(await chain.deliver(mallory, [m]), 13);
    }
    expect(solvency(chain).map((s) => s.denom)).toEqual([BTC]);
    expectCustodyError(await chain.deliver(mallory, [msg.attest(mallory.address, mallory.address, "1", "r0")]), 4);
  });

  it("registering an asset twice, or over a denom that exists, is ErrAssetExists (3)", async () => {
    expect(await chain.govExec([msg.registerAsset()])).toMatchObject({ codespace: "custody", code: 3 });
    expect(await chain.govExec([msg.registerAsset({ denom: "uyml", symbol: "YML" })])).toMatchObject({ codespace: "custody", code: 3 });
  });

  it("malformed registrations are refused before any state changes", async () => {
    expect(await chain.govExec([msg.registerAsset({ denom: "x" })])).toMatchObject({ codespace: "sdk", code: 10 });
    expect(await chain.govExec([msg.registerAsset({ denom: "ceth", symbol: "" })])).toMatchObject({ codespace: "sdk", code: 18 });
    expect(await chain.govExec([msg.registerAsset({ denom: "ceth", symbol: "ETH", exponent: 19 })])).toMatchObject({
      codespace: "sdk",
      code: 18,
    });
  });

  it("an unknown asset is ErrUnknownAsset (2) for every attestor and holder message", async () => {
    expectCustodyError(await chain.deliver(a1, [msg.attest(a1.address, alice.address, "5", "r1", "ceth")]), 2);
    expectCustodyError(await chain.deliver(a1, [msg.report(a1.address, "5", "ceth")]), 2);
    expectCustodyError(await chain.deliver(alice, [msg.redeem(alice.address, "5", "dest", "ceth")]), 2);
    expect(await chain.govExec([msg.withdrawFees(bob.address, "", "ceth")])).toMatchObject({ codespace: "custody", code: 2 });
  });

  it("only appointed attestors attest, report and settle (4); removal of a non-attestor is 4 too", async () => {
    expectCustodyError(await chain.deliver(mallory, [msg.report(mallory.address, "5")]), 4);
    expectCustodyError(await chain.deliver(mallory, [msg.settle(mallory.address, "1")]), 4);
    expect(await chain.govExec([msg.setAttestor(mallory.address, false)])).toMatchObject({ codespace: "custody", code: 4 });
  });

  it("amounts must be positive integers (11); the held figure may be zero", async () => {
    for (const amount of ["0", "-1", "1.5", "abc", ""]) {
      expectCustodyError(await chain.deliver(a1, [msg.attest(a1.address, alice.address, amount, "r2")]), 11);
      expectCustodyError(await chain.deliver(alice, [msg.redeem(alice.address, amount)]), 11);
    }
    expectCustodyError(await chain.deliver(a1, [msg.report(a1.address, "-3")]), 11);
    await chain.mustDeliver(a1, [msg.report(a1.address, "0")]);
  });

  it("a pending deposit attested with other details is ErrInvalidAmount (11); refs with ':' are malformed", async () => {
    await chain.mustDeliver(a1, [msg.attest(a1.address, alice.address, "1000", "r3")]);
    expectCustodyError(await chain.deliver(a2, [msg.attest(a2.address, mallory.address, "1000", "r3")]), 11);
    expectCustodyError(await chain.deliver(a2, [msg.attest(a2.address, alice.address, "1001", "r3")]), 11);
    expect(sdkCode(await chain.deliver(a2, [msg.attest(a2.address, alice.address, "1000", "r:3")]))).toEqual({
      codespace: "sdk",
      code: 18,
    });
  });

  it("a removed attestor's attestation no longer counts toward the threshold", async () => {
    await chain.mustDeliver(a3, [msg.attest(a3.address, bob.address, "70", "r4")]);
    expect((await chain.govExec([msg.setAttestor(a3.address, false)])).log).toBe("");
    const res = await chain.mustDeliver(a1, [msg.attest(a1.address, bob.address, "70", "r4")]);
    expect(response(res, tx.MsgAttestDepositResponse)).toEqual({ depositId: `${BTC}:r4`, attestations: 1, credited: false });
    expectCustodyError(await chain.deliver(a3, [msg.attest(a3.address, bob.address, "70", "r4")]), 4);
    const credit = await chain.mustDeliver(a2, [msg.attest(a2.address, bob.address, "70", "r4")]);
    expect(response(credit, tx.MsgAttestDepositResponse).credited).toBe(true);
    expect(chain.balance(bob.address, BTC)).toBe(70n);
  });

  it("a deposit to a module account is refused at its first attestation (sdk 4)", async () => {
    const res = await chain.deliver(a1, [msg.attest(a1.address, moduleAddress("custody"), "5", "r5")]);
    expect(sdkCode(res)).toEqual({ codespace: "sdk", code: 4 });
  });

  it("settling an unknown redemption is ErrNotFound (8)", async () => {
    expectCustodyError(await chain.deliver(a1, [msg.settle(a1.address, "r99")]), 8);
    expectCustodyError(await chain.deliver(a1, [msg.settle(a1.address, "")]), 8);
    expectCustodyError(await chain.deliver(a1, [msg.settle(a1.address, "abc")]), 8);
  });

  it("a redemption above the holder's balance is refused (sdk 5) and burns nothing", async () => {
    const res = await chain.deliver(bob, [msg.redeem(bob.address, "71")]);
    expect(sdkCode(res)).toEqual({ codespace: "sdk", code: 5 });
    expect(chain.balance(bob.address, BTC)).toBe(70n);
  });

  it("withdrawing fees when none were collected is ErrInvalidAmount (11)", async () => {
    expect(await chain.govExec([msg.withdrawFees(bob.address)])).toMatchObject({ codespace: "custody", code: 11 });
  });

  it("invalid params are ErrInvalidParams (12) and leave the old ones", async () => {
    for (const bad of [{ attestationThreshold: 0 }, { attestationThreshold: 1 }, { feeBps: 1001 }, { reserveReportMaxAgeBlocks: 0n }]) {
      const params = { attestationThreshold: 2, redemptionDelayBlocks: 1n, feeBps: 1000, reserveReportMaxAgeBlocks: 1n, ...bad };
      expect(await chain.govExec([msg.updateParams(params)])).toMatchObject({ codespace: "custody", code: 12 });
    }
    expect(await chain.govExec([msg.updateParams(undefined as never)])).toMatchObject({ codespace: "custody", code: 12 });
    expect(testParams.attestation_threshold).toBe(2);
  });
});

describe("custody issuance pause and fees", () => {
  const chains: TestChain[] = [];
  afterAll(async () => Promise.all(chains.map((c) => c.close())));

  it("a paused asset refuses attestations (7) but never redemption", async () => {
    const chain = await custodyChain((c, s) => {
      c.assets = [{ denom: BTC, source_chain: "bitcoin", symbol: "BTC", exponent: 8, paused: true }];
      c.attestors = [a1.address, a2.address];
      const balance = s.bank.balances.find((b: { address: string }) => b.address === alice.address);
      balance.coins = [{ denom: BTC, amount: "500" }, ...balance.coins];
    });
    chains.push(chain);
    expectCustodyError(await chain.deliver(a1, [msg.attest(a1.address, alice.address, "5", "p1")]), 7);
    const res = await chain.mustDeliver(alice, [msg.redeem(alice.address, "200")]);
    expect(response(res, tx.MsgRequestRedemptionResponse).redemptionId).toBe("r1");
    expect(solvency(chain)[0]).toMatchObject({ denom: BTC, issued: "300" });
  });

  it("the issuance fee stays with the module in claims; governance withdraws part, then everything", async () => {
    const chain = await custodyChain((c) => {
      c.params = { ...testParams, fee_bps: 100 };
    });
    chains.push(chain);
    await setUpAsset(chain);
    await chain.mustDeliver(a1, [msg.attest(a1.address, alice.address, "10050", "f1")]);
    const credit = await chain.mustDeliver(a2, [msg.attest(a2.address, alice.address, "10050", "f1")]);
    // 1% of 10050 is 100.5, rounded up.
    expect(eventOf(credit, "custody_deposit_credited")).toMatchObject({ amount: "9949", fee: "101" });
    expect(chain.balance(alice.address, BTC)).toBe(9949n);
    expect(chain.balance(moduleAddress("custody"), BTC)).toBe(101n);
    expect(solvency(chain)[0]!.issued).toBe("10050");

    expect(await chain.govExec([msg.withdrawFees(bob.address, "102")])).toMatchObject({ codespace: "custody", code: 11 });
    expect((await chain.govExec([msg.withdrawFees(bob.address, "40")])).log).toBe("");
    expect((await chain.govExec([msg.withdrawFees(bob.address, "")])).log).toBe("");
    expect(chain.balance(bob.address, BTC)).toBe(101n);
    expect(chain.balance(moduleAddress("custody"), BTC)).toBe(0n);
    expect(await chain.govExec([msg.withdrawFees(bob.address, "0")])).toMatchObject({ codespace: "custody", code: 11 });
  });
});
