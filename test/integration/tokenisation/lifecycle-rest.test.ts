import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { QueryDenomMetadataRequest, QueryDenomMetadataResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import * as tx from "../../../src/gen/blockchain/tokenisation/v1/tx";
import { VerificationMode } from "../../../src/gen/blockchain/tokenisation/v1/tokenisation";
import { moduleAddress } from "../../../src/types/address";
import { govAuthority } from "../../../src/types/authority";
import { DENOM, pack } from "../../helpers/chain";
import { restHarness, type RestHarness } from "../rest/setup";
import { collection, eventOf, expectTokError, keys, msg, mustGov, responseOf, shareDenom } from "./setup";

const R = "/blockchain/tokenisation/v1";
const { minter, owner, alice, bob, carol, attestor1, attestor2, challenger, mallory } = keys;
const T0 = 1_800_000_000n;
/** Asset 1 is fractionalised with the symbol ACRE. */
const SHARE = shareDenom(1n, "ACRE");

function send(from: string, to: string, amount: bigint, denom: string) {
  return pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
    fromAddress: from,
    toAddress: to,
    amount: [{ denom, amount: amount.toString() }],
  });
}

describe("tokenisation lifecycle through signed txs, read back over REST", () => {
  let t: RestHarness;
  const estates = collection({
    id: "estates",
    verification: VerificationMode.VERIFY_ATTESTORS,
    attestationThreshold: 2,
    challengeWindowSeconds: 3600n,
    disputeBondBps: 500,
    attestors: [attestor1.address, attestor2.address],
  });

  beforeAll(async () => {
    const funded = Object.fromEntries(Object.keys(keys).map((n) => [`tokenisation/${n}`, [{ denom: DENOM, amount: "100000000000" }]]));
    t = await restHarness({ funded });
  });
  afterAll(async () => t.close());
  const get = async (url: string) => {
    const { status, body } = await t.get(url);
    return { status, body };
  };

  it("serves the default params", async () => {
    expect(await t.get(`${R}/params`)).toMatchObject({
      status: 200,
      body: { params: { min_challenge_window_seconds: "0", max_challenge_window_seconds: "31536000", max_dispute_bond_bps: 10000 } },
    });
  });

  it("governance creates a collection with one minting authority", async () => {
    await mustGov(t.chain, [msg.createCollection(estates)]);
    expect((await t.get(`${R}/collections`)).body).toEqual({
      collections: [
        {
          id: "estates",
          authority: minter.address,
          verification: "VERIFY_ATTESTORS",
          attestation_threshold: 2,
          challenge_window_seconds: "3600",
          dispute_bond_bps: 500,
          attestors: [attestor1.address, attestor2.address],
        },
      ],
      pagination: { next_key: null, total: "1" },
    });
  });

  it("the authority mints title; the asset is HELD with an empty vault and no sale", async () => {
    const res = await t.chain.mustDeliver(minter, [msg.mint(minter.address, owner.address)]);
    expect(responseOf(res, tx.MsgMintAssetResponse)).toEqual({ assetId: 1n });
    expect(eventOf(res, "tokenisation_asset_minted")).toEqual({
      asset_id: "1",
      collection_id: "estates",
      owner: owner.address,
      parcel_id: "0",
    });
    expect(await get(`${R}/assets/1`)).toEqual({
      status: 200,
      body: {
        asset: {
          id: "1",
          collection_id: "estates",
          owner: owner.address,
          uri: "ipfs://deed",
          fraction_denom: "",
          holder_share_bps: 0,
          status: "STATUS_HELD",
          parcel_id: "0",
        },
        vault: { asset_id: "1", cumulative_per_token: "0.000000000000000000", funded: [], denom: "", held: [] },
        sale: null,
      },
    });
  });

  it("fractionalisation issues the share denom with metadata to the title holder and fixes the share", async () => {
    const res = await t.chain.mustDeliver(owner, [msg.fractionalise(owner.address, 1n, "1000", 6000, DENOM, "ACRE")]);
    expect(responseOf(res, tx.MsgFractionaliseResponse)).toEqual({ fractionDenom: SHARE });
    expect(t.chain.balance(owner.address, SHARE)).toBe(1000n);
    const md = t.chain.query(
      "/cosmos.bank.v1beta1.Query/DenomMetadata",
      QueryDenomMetadataRequest,
      { denom: SHARE },
      QueryDenomMetadataResponse,
    ).metadata!;
    expect(md).toMatchObject({
      base: SHARE,
      display: SHARE,
      symbol: "ACRE",
      name: "ACRE shares",
      denomUnits: [{ denom: SHARE, exponent: 0, aliases: [] }],
    });
    expect((await t.get(`${R}/assets/1`)).body.asset).toMatchObject({
      fraction_denom: SHARE,
      holder_share_bps: 6000,
      status: "STATUS_ACTIVE",
    });
    // Fixed forever: a second fractionalisation is refused.
    expectTokError(await t.chain.deliver(owner, [msg.fractionalise(owner.address, 1n, "5", 9000)]), 8);
  });

  it("funding puts holder_share_bps on the index; entitlements follow balances exactly across a bank send", async () => {
    await t.chain.mustDeliver(owner, [send(owner.address, alice.address, 400n, SHARE)]);
    const res = await t.chain.mustDeliver(mallory, [msg.fund(mallory.address, 1n, 10_000n)]);
    expect(responseOf(res, tx.MsgFundVaultResponse)).toEqual({ collected: { denom: DENOM, amount: "6000" } });
    // alice's tokens move after the funding: what she earned stays hers.
    await t.chain.mustDeliver(alice, [send(alice.address, carol.address, 100n, SHARE)]);
    expect((await t.get(`${R}/assets/1/entitlement/${alice.address}`)).body).toEqual({ owed: { denom: DENOM, amount: "2400" } });
    expect((await t.get(`${R}/assets/1/entitlement/${owner.address}`)).body).toEqual({ owed: { denom: DENOM, amount: "3600" } });
    expect((await t.get(`${R}/assets/1/entitlement/${carol.address}`)).body).toEqual({ owed: { denom: DENOM, amount: "0" } });
    expect((await t.get(`${R}/assets/1`)).body.vault).toEqual({
      asset_id: "1",
      cumulative_per_token: "6.000000000000000000",
      funded: [{ denom: DENOM, amount: "10000" }],
      denom: DENOM,
      held: [{ denom: DENOM, amount: "6000" }],
    });
  });

  it("a title transfer moves title only; the shareholding stays", async () => {
    await t.chain.mustDeliver(owner, [msg.transfer(owner.address, 1n, bob.address)]);
    expect((await t.get(`${R}/assets/1`)).body.asset.owner).toBe(bob.address);
    expect(t.chain.balance(owner.address, SHARE)).toBe(600n);
    expectTokError(await t.chain.deliver(owner, [msg.transfer(owner.address, 1n, owner.address)]), 7);
  });

  it("a claim withdraws accrued income and keeps the shares; a second claim owes nothing", async () => {
    const res = await t.chain.mustDeliver(alice, [msg.claim(alice.address, 1n)]);
    expect(responseOf(res, tx.MsgClaimResponse)).toEqual({ paid: [{ denom: DENOM, amount: "2400" }] });
    expect(t.chain.balance(alice.address, SHARE)).toBe(300n);
    expectTokError(await t.chain.deliver(alice, [msg.claim(alice.address, 1n)]), 23);
  });

  it("a reported sale waits for attestations and its window; proceeds distribute like income; realisation halts trading", async () => {
    t.chain.setNextBlockTime({ seconds: T0, nanos: 0 });
    await t.chain.mustDeliver(carol, [msg.report(carol.address, 1n, 100_000n)]);
    expectTokError(await t.chain.deliver(alice, [msg.redeem(alice.address, 1n, 1n)]), 14);
    expectTokError(await t.chain.deliver(mallory, [msg.attest(mallory.address, 1n, 100_000n)]), 17);
    await t.chain.mustDeliver(attestor1, [msg.attest(attestor1.address, 1n, 100_000n)]);
    expectTokError(await t.chain.deliver(attestor1, [msg.attest(attestor1.address, 1n, 100_000n)]), 18);
    await t.chain.mustDeliver(attestor2, [msg.attest(attestor2.address, 1n, 100_000n)]);
    expectTokError(await t.chain.deliver(carol, [msg.finalise(carol.address, 1n)]), 15);
    const paid = await t.chain.mustDeliver(mallory, [msg.payProceeds(mallory.address, 1n, 50_000n)]);
    expect(responseOf(paid, tx.MsgPaySaleProceedsResponse)).toEqual({
      paid: { denom: DENOM, amount: "50000" },
      outstanding: { denom: DENOM, amount: "10000" },
    });
    const rest = await t.chain.mustDeliver(mallory, [msg.payProceeds(mallory.address, 1n, 50_000n)]);
    expect(responseOf(rest, tx.MsgPaySaleProceedsResponse)).toEqual({
      paid: { denom: DENOM, amount: "10000" },
      outstanding: { denom: DENOM, amount: "0" },
    });
    expectTokError(await t.chain.deliver(mallory, [msg.payProceeds(mallory.address, 1n, 1n)]), 23);
    // Still tradeable while reported.
    await t.chain.mustDeliver(carol, [send(carol.address, alice.address, 100n, SHARE)]);
    expect((await t.get(`${R}/assets/1`)).body).toMatchObject({
      asset: { status: "STATUS_REPORTED" },
      sale: {
        asset_id: "1",
        price: { denom: DENOM, amount: "100000" },
        reporter: carol.address,
        reported_at: "2027-01-15T08:00:00Z",
        claimable_at: "2027-01-15T09:00:00Z",
        attestors: [attestor1.address, attestor2.address],
        disputed: false,
        proceeds_paid: { denom: DENOM, amount: "60000" },
        challenger: "",
        bond: { denom: DENOM, amount: "0" },
      },
    });
    t.chain.setNextBlockTime({ seconds: T0 + 3600n, nanos: 0 });
    const fin = await t.chain.mustDeliver(carol, [msg.finalise(carol.address, 1n)]);
    expect(eventOf(fin, "tokenisation_sale_finalised")).toEqual({ asset_id: "1" });
    expectTokError(await t.chain.deliver(carol, [msg.finalise(carol.address, 1n)]), 12);
    expectTokError(await t.chain.deliver(alice, [send(alice.address, carol.address, 1n, SHARE)]), 13);
    expect((await t.get(`${R}/assets/1`)).body.asset.status).toBe("STATUS_REALISED");
  });

  it("redemption burns tokens and pays their share in one step; the title burns at zero supply", async () => {
    // alice held 300 tokens when the proceeds (60 per token) arrived, her income already claimed;
    // the 100 carol sent her afterwards carried no entitlement with them.
    const a = await t.chain.mustDeliver(alice, [msg.redeem(alice.address, 1n, 400n)]);
    expect(responseOf(a, tx.MsgRedeemResponse)).toEqual({ paid: [{ denom: DENOM, amount: "18000" }] });
    // owner: 3600 income + 600 x 60 proceeds.
    const o = await t.chain.mustDeliver(owner, [msg.redeem(owner.address, 1n, 600n)]);
    expect(responseOf(o, tx.MsgRedeemResponse)).toEqual({ paid: [{ denom: DENOM, amount: "39600" }] });
    expect((await t.get(`${R}/assets/1`)).body.asset).toMatchObject({ owner: "", status: "STATUS_CLOSED" });
    expect(t.chain.balance(moduleAddress("tokenisation"), SHARE)).toBe(0n);
    expect((await t.get(`${R}/assets/1`)).body.vault).toEqual({
      asset_id: "1",
      cumulative_per_token: "66.000000000000000000",
      funded: [{ denom: DENOM, amount: "70000" }],
      denom: DENOM,
      held: [{ denom: DENOM, amount: "6000" }],
    });
    // carol's settled 100 x 60 stays claimable after the title burned.
    const c = await t.chain.mustDeliver(carol, [msg.claim(carol.address, 1n)]);
    expect(responseOf(c, tx.MsgClaimResponse)).toEqual({ paid: [{ denom: DENOM, amount: "6000" }] });
    expect((await t.get(`${R}/assets/1`)).body.vault.held).toEqual([]);
    expectTokError(await t.chain.deliver(mallory, [msg.fund(mallory.address, 1n, 10_000n)]), 12);
    expect((await t.get(`${R}/assets?collection_id=estates`)).body).toEqual({
      assets: [
        {
          id: "1",
          collection_id: "estates",
          owner: "",
          uri: "ipfs://deed",
          fraction_denom: SHARE,
          holder_share_bps: 6000,
          status: "STATUS_CLOSED",
          parcel_id: "0",
        },
      ],
      pagination: { next_key: null, total: "1" },
    });
  });

  it("query errors: unknown asset is 404, a malformed holder 400", async () => {
    expect(await get(`${R}/assets/99`)).toEqual({ status: 404, body: { code: 5, message: "asset 99 not found", details: [] } });
    expect((await t.get(`${R}/assets/1/entitlement/nope`)).status).toBe(400);
  });

  it("dispute: bond of dispute_bond_bps taken, once only; upheld → bond forfeited to the vault", async () => {
    await mustGov(t.chain, [msg.createCollection(collection({ id: "deals", challengeWindowSeconds: 3600n, disputeBondBps: 1000 }))]);
    await t.chain.mustDeliver(minter, [msg.mint(minter.address, owner.address, "deals")]);
    await t.chain.mustDeliver(owner, [msg.fractionalise(owner.address, 2n, "100", 10_000)]);
    t.chain.setNextBlockTime({ seconds: T0 + 10_000n, nanos: 0 });
    await t.chain.mustDeliver(owner, [msg.report(owner.address, 2n, 50_000n)]);
    const before = t.chain.balance(challenger.address);
    const d = await t.chain.mustDeliver(challenger, [msg.dispute(challenger.address, 2n)]);
    expect(eventOf(d, "tokenisation_sale_disputed")).toEqual({
      asset_id: "2",
      challenger: challenger.address,
      bond: `5000${DENOM}`,
      reason: "price far below valuation",
    });
    expect(t.chain.balance(challenger.address)).toBe(before - 5000n - 5000n /* fee */);
    expectTokError(await t.chain.deliver(mallory, [msg.dispute(mallory.address, 2n)]), 16);
    // Redemption is suspended while the dispute is open.
    t.chain.setNextBlockTime({ seconds: T0 + 20_000n, nanos: 0 });
    expectTokError(await t.chain.deliver(owner, [msg.redeem(owner.address, 2n, 1n)]), 12);
    await mustGov(t.chain, [msg.resolve(2n)]);
    // The bond went onto the index: all 100 tokens are the owner's.
    expect((await t.get(`${R}/assets/2/entitlement/${owner.address}`)).body).toEqual({ owed: { denom: DENOM, amount: "5000" } });
    expect((await t.get(`${R}/assets/2`)).body.sale).toMatchObject({
      disputed: false,
      challenger: challenger.address,
      bond: { denom: DENOM, amount: "5000" },
    });
    expect(t.chain.balance(challenger.address)).toBe(before - 10_000n);
    // Upheld and out of its window: redemption opens (the first redeem finalises).
    const r = await t.chain.mustDeliver(owner, [msg.redeem(owner.address, 2n, 100n)]);
    expect(responseOf(r, tx.MsgRedeemResponse)).toEqual({ paid: [{ denom: DENOM, amount: "5000" }] });
  });

  it("dispute succeeds with a corrected price: bond refunded, asset DISPUTED; only governance reactivates it", async () => {
    await t.chain.mustDeliver(minter, [msg.mint(minter.address, owner.address, "deals")]);
    await t.chain.mustDeliver(owner, [msg.fractionalise(owner.address, 3n, "100", 5000)]);
    t.chain.setNextBlockTime({ seconds: T0 + 30_000n, nanos: 0 });
    await t.chain.mustDeliver(owner, [msg.report(owner.address, 3n, 20_000n)]);
    const before = t.chain.balance(challenger.address);
    await t.chain.mustDeliver(challenger, [msg.dispute(challenger.address, 3n)]);
    await mustGov(t.chain, [msg.resolve(3n, { denom: DENOM, amount: "70000" })]);
    expect(t.chain.balance(challenger.address)).toBe(before - 5000n);
    expect((await t.get(`${R}/assets/3`)).body).toMatchObject({
      asset: { status: "STATUS_DISPUTED" },
      sale: { price: { denom: DENOM, amount: "70000" }, disputed: false, bond: { amount: "2000" } },
    });
    expectTokError(await t.chain.deliver(owner, [msg.redeem(owner.address, 3n, 1n)]), 12);
    expectTokError(await t.chain.deliver(owner, [msg.report(owner.address, 3n, 1n)]), 12);
    expectTokError(await t.chain.deliver(challenger, [msg.dispute(challenger.address, 3n)]), 16);
    await mustGov(t.chain, [msg.resolve(3n)]);
    expect((await t.get(`${R}/assets/3`)).body).toMatchObject({ asset: { status: "STATUS_ACTIVE" }, sale: null });
    expectTokError(await t.chain.govExec([msg.resolve(3n)]), 12);
    // A fresh report may follow.
    await t.chain.mustDeliver(owner, [msg.report(owner.address, 3n, 30_000n)]);
  });

  it("revoking the minting authority stops future mints only, with no fallback to governance", async () => {
    await mustGov(t.chain, [msg.setAuthority("deals", "")]);
    expectTokError(await t.chain.deliver(minter, [msg.mint(minter.address, owner.address, "deals")]), 4);
    expect((await t.get(`${R}/assets/3`)).body.asset.owner).toBe(owner.address);
    expectTokError(await t.chain.govExec([msg.mint(govAuthority(), owner.address, "deals")]), 4);
    await mustGov(t.chain, [msg.setAuthority("deals", alice.address)]);
    expectTokError(await t.chain.deliver(minter, [msg.mint(minter.address, owner.address, "deals")]), 5);
    await t.chain.mustDeliver(alice, [msg.mint(alice.address, owner.address, "deals")]);
  });
});
