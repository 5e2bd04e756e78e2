import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestChain } from "../helpers/chain";
import { basic, grantAllowance } from "../integration/feegrant/setup";
import { getAsset, mintedId, msg as tok } from "../integration/tokenisation/setup";
import { ERR_FROZEN, expectEnforcementError, freeze, release } from "./helpers/freeze-titles-case";
import { keys, poisonChain, realise, sendCoins, shareAsset, shareDenom } from "./helpers/poison-setup";

// Attack (issue 32, finding 2, tokenisation rows): an asset owner under an enforcement freeze
// hands its title to someone else with MsgTransferAsset, which moves no coins and so passed
// bank's send check. Every tokenisation message that moves value out of the frozen account is
// refused with the freeze's error; what only brings value in (a claim, fractionalising one's
// own title into shares one keeps, receiving a title) stays open: the freeze holds it there.

const F = keys.frozen;
/** A frozen account pays no fee of its own: buyer grants its fees, so the message itself meets the freeze. */
const granted = { feeGranter: keys.buyer.address };

describe("tokenisation: a frozen account moves no title or value out", () => {
  let chain: TestChain;
  let caseId = 0n;
  let own = 0n; // F holds title and every share.
  let realised = 0n; // F holds some shares of a realised asset.
  let reported = 0n; // a sale in its challenge window.
  let unissued = 0n; // F holds title, no shares yet.

  beforeAll(async () => {
    chain = await poisonChain();
    ({ assetId: realised } = await shareAsset(chain, "instant"));
    await chain.mustDeliver(keys.owner, [sendCoins(keys.owner.address, F.address, shareDenom(realised), 100n)]);
    await realise(chain, realised);
    ({ assetId: own } = await shareAsset(chain, "instant", { owner: F, supply: "1000", createCollection: false }));
    unissued = mintedId(await chain.mustDeliver(keys.minter, [tok.mint(keys.minter.address, F.address, "instant")]));
    ({ assetId: reported } = await shareAsset(chain, "slow", { windowSeconds: 3600n }));
    await chain.mustDeliver(keys.mallory, [tok.report(keys.mallory.address, reported, 1_000_000n)]);
    await chain.mustDeliver(keys.owner, [tok.fund(keys.owner.address, own, 100_000n)]);
    await chain.mustDeliver(keys.buyer, [grantAllowance(keys.buyer.address, F.address, basic())]);
    caseId = await freeze(chain, F.address);
  });
  afterAll(async () => chain.close());

  it("MsgTransferAsset (title) by the frozen owner: ErrFrozen, title stays", async () => {
    expectEnforcementError(await chain.deliver(F, [tok.transfer(F.address, own, keys.buyer.address)], granted), ERR_FROZEN);
    expect(getAsset(chain, own).asset!.owner).toBe(F.address);
  });

  it.each([
    ["share send (bank MsgSend)", () => sendCoins(F.address, keys.buyer.address, shareDenom(own), 1n)],
    ["MsgRedeem of a realised share", () => tok.redeem(F.address, realised, 100n)],
    ["MsgFundVault", () => tok.fund(F.address, own, 100_000n)],
    ["MsgPaySaleProceeds", () => tok.payProceeds(F.address, reported, 1000n)],
    ["MsgDisputeSale (bond)", () => tok.dispute(F.address, reported)],
  ])("%s by the frozen account: ErrFrozen", async (_name, build) => {
    expectEnforcementError(await chain.deliver(F, [build()], granted), ERR_FROZEN);
  });

  it("value coming in stays open: a claim, fractionalising its own title, receiving a title", async () => {
    const before = chain.balance(F.address);
    await chain.mustDeliver(F, [tok.claim(F.address, own)], granted);
    expect(chain.balance(F.address)).toBeGreaterThan(before);
    await chain.mustDeliver(F, [tok.fractionalise(F.address, unissued, "10")], granted);
    expect(chain.balance(F.address, shareDenom(unissued))).toBe(10n);
    await chain.mustDeliver(keys.owner, [tok.transfer(keys.owner.address, reported, F.address)]);
    expect(getAsset(chain, reported).asset!.owner).toBe(F.address);
  });

  it("after release the owner transfers its title again", async () => {
    await release(chain, caseId);
    await chain.mustDeliver(F, [tok.transfer(F.address, own, keys.buyer.address)]);
    expect(getAsset(chain, own).asset!.owner).toBe(keys.buyer.address);
  });
});
