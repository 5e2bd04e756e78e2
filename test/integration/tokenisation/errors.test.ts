import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VerificationMode } from "../../../src/gen/blockchain/tokenisation/v1/tokenisation";
import { type TestChain } from "../../helpers/chain";
import { collection, expectTokError, getParams, keys, msg, mustGov, shareDenom, tokenisationChain } from "./setup";

const { minter, owner, alice, mallory } = keys;

describe("tokenisation error codes through signed txs and governance", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await tokenisationChain();
    await mustGov(chain, [msg.createCollection(collection())]);
    await chain.mustDeliver(minter, [msg.mint(minter.address, owner.address)]); // asset 1, HELD
    await chain.mustDeliver(minter, [msg.mint(minter.address, owner.address)]); // asset 2, fractionalised below
    await chain.mustDeliver(owner, [msg.fractionalise(owner.address, 2n, "1000", 6000)]);
  });
  afterAll(async () => chain.close());

  it("2 ErrCollectionNotFound", async () => {
    expectTokError(await chain.deliver(minter, [msg.mint(minter.address, owner.address, "nowhere")]), 2);
    expectTokError(await chain.govExec([msg.setAuthority("nowhere", alice.address)]), 2);
    expectTokError(await chain.govExec([msg.setAttestors("nowhere", [])]), 2);
  });

  it("3 ErrCollectionExists", async () => {
    expectTokError(await chain.govExec([msg.createCollection(collection())]), 3);
  });

  it("6 ErrAssetNotFound", async () => {
    expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, 99n)]), 6);
    expectTokError(await chain.deliver(owner, [msg.transfer(owner.address, 99n, alice.address)]), 6);
    expectTokError(await chain.deliver(alice, [msg.fund(alice.address, 99n, 10n)]), 6);
    expectTokError(await chain.deliver(alice, [msg.claim(alice.address, 99n)]), 6);
    expectTokError(await chain.deliver(alice, [msg.redeem(alice.address, 99n, 1n)]), 6);
    expectTokError(await chain.deliver(alice, [msg.report(alice.address, 99n, 1n)]), 6);
  });

  it("7 ErrNotOwner: only the title holder fractionalises or transfers", async () => {
    expectTokError(await chain.deliver(mallory, [msg.fractionalise(mallory.address, 1n)]), 7);
    expectTokError(await chain.deliver(mallory, [msg.transfer(mallory.address, 1n, mallory.address)]), 7);
  });

  it("9 ErrNoShareholders: claiming or redeeming on an asset with no shares (funding or reporting it: 12)", async () => {
    expectTokError(await chain.deliver(alice, [msg.claim(alice.address, 1n)]), 9);
    expectTokError(await chain.deliver(alice, [msg.redeem(alice.address, 1n, 1n)]), 9);
    expectTokError(await chain.deliver(alice, [msg.fund(alice.address, 1n, 10n)]), 12);
    expectTokError(await chain.deliver(alice, [msg.report(alice.address, 1n, 10n)]), 12);
  });

  it.each([[0], [10_001]])("10 ErrInvalidShare: holder_share_bps %i", async (bps) => {
    expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, 1n, "1000", bps)]), 10);
  });

  it("11 ErrAmountTooSmall: a payment whose holder share rounds to nothing", async () => {
    expectTokError(await chain.deliver(alice, [msg.fund(alice.address, 2n, 1n)]), 11);
  });

  it("19 ErrInvalidThreshold: VERIFY_ATTESTORS below two", async () => {
    for (const threshold of [0, 1]) {
      expectTokError(
        await chain.govExec([
          msg.createCollection(
            collection({ id: `att${threshold}`, verification: VerificationMode.VERIFY_ATTESTORS, attestationThreshold: threshold }),
          ),
        ]),
        19,
      );
    }
  });

  it("20 ErrInvalidParams: params out of order, collection terms outside them", async () => {
    const p = getParams(chain);
    expectTokError(await chain.govExec([msg.updateParams({ ...p, minChallengeWindowSeconds: 10n, maxChallengeWindowSeconds: 5n })]), 20);
    expectTokError(await chain.govExec([msg.updateParams({ ...p, maxDisputeBondBps: 10_001 })]), 20);
    expectTokError(await chain.govExec([msg.createCollection(collection({ id: "long", challengeWindowSeconds: 40_000_000n }))]), 20);
    expectTokError(await chain.govExec([msg.createCollection(collection({ id: "negative", challengeWindowSeconds: -1n }))]), 20);
    await mustGov(chain, [msg.updateParams({ ...p, maxDisputeBondBps: 100 })]);
    expect(getParams(chain).maxDisputeBondBps).toBe(100);
    expectTokError(await chain.govExec([msg.createCollection(collection({ id: "bond", disputeBondBps: 101 }))]), 20);
    await mustGov(chain, [msg.updateParams(p)]);
  });

  it("21 ErrInvalidSigner: every governance message signed by anyone else", async () => {
    const m = mallory.address;
    for (const bad of [
      msg.createCollection(collection({ id: "mine" }), m),
      msg.setAuthority("estates", m, m),
      msg.setAttestors("estates", [m], m),
      msg.resolve(2n, undefined, m),
      msg.updateParams(getParams(chain), m),
    ]) {
      expectTokError(await chain.deliver(mallory, [bad]), 21);
    }
  });

  it("22 ErrInvalidAmount: zero, negative or malformed amounts", async () => {
    expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, 1n, "0")]), 22);
    expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, 1n, "-5")]), 22);
    expectTokError(await chain.deliver(alice, [msg.fund(alice.address, 2n, 0n)]), 22);
    expectTokError(await chain.deliver(alice, [msg.redeem(alice.address, 2n, "1.5")]), 22);
    expectTokError(await chain.deliver(alice, [msg.report(alice.address, 2n, 0n)]), 22);
    expectTokError(await chain.deliver(alice, [msg.payProceeds(alice.address, 2n, 0n)]), 22);
  });

  it("23 ErrNothingOwed: a claim with no income accrued", async () => {
    expectTokError(await chain.deliver(alice, [msg.claim(alice.address, 2n)]), 23);
  });

  it("24 ErrNoSaleReported: redemption, finalisation, dispute and proceeds need a sale (resolution without a dispute: 12)", async () => {
    expectTokError(await chain.deliver(owner, [msg.redeem(owner.address, 2n, 1n)]), 24);
    expectTokError(await chain.deliver(owner, [msg.redeem(owner.address, 2n, 0n)]), 24);
    expectTokError(await chain.deliver(alice, [msg.finalise(alice.address, 2n)]), 24);
    expectTokError(await chain.deliver(alice, [msg.dispute(alice.address, 2n)]), 24);
    expectTokError(await chain.deliver(alice, [msg.payProceeds(alice.address, 2n, 5n)]), 24);
    expectTokError(await chain.govExec([msg.resolve(2n)]), 12);
  });

  it("25 ErrWrongDenom: income, price or proceeds not in the vault's denomination", async () => {
    expectTokError(await chain.deliver(alice, [msg.fund(alice.address, 2n, 1000n, "ueur")]), 25);
    expectTokError(await chain.deliver(alice, [msg.report(alice.address, 2n, 1000n, "ueur")]), 25);
    expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, 1n, "10", 5000, "x")]), 25);
    expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, 1n, "10", 5000, shareDenom(2n))]), 25);
  });

  it("12 ErrWrongStatus: a second report while one is open", async () => {
    await chain.mustDeliver(alice, [msg.report(alice.address, 2n, 1000n)]);
    expectTokError(await chain.deliver(alice, [msg.report(alice.address, 2n, 1000n)]), 12);
    expectTokError(await chain.govExec([msg.resolve(2n)]), 12);
    expectTokError(await chain.deliver(alice, [msg.payProceeds(alice.address, 2n, 5n, "ueur")]), 25);
    // Attestations only in an attestor-verified collection.
    expectTokError(await chain.deliver(alice, [msg.attest(alice.address, 2n, 1000n)]), 12);
  });

  it("26 ErrNoParcel: an asset naming a parcel the land registry does not hold", async () => {
    expectTokError(await chain.deliver(minter, [msg.mint(minter.address, owner.address, "estates", "ipfs://land", 7n)]), 26);
  });
});
