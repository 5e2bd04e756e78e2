import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VerificationMode } from "../../../src/gen/blockchain/tokenisation/v1/tokenisation";
import { govAuthority } from "../../../src/types/authority";
import { type TestChain } from "../../helpers/chain";
import { collection, expectTokError, getAsset, keys, mintedId, msg, mustGov, tokenisationChain } from "./setup";

const { minter, owner, alice, attestor1, mallory } = keys;

/** What "verified" means per verification mode (docs/modules/tokenisation.md). */
describe("tokenisation: sale verification modes", () => {
  let chain: TestChain;
  const asset = async (collectionId: string) => {
    const id = mintedId(await chain.mustDeliver(minter, [msg.mint(minter.address, owner.address, collectionId)]));
    await chain.mustDeliver(owner, [msg.fractionalise(owner.address, id, "100", 5000)]);
    return id;
  };
  beforeAll(async () => {
    chain = await tokenisationChain();
    await mustGov(chain, [
      msg.createCollection(collection({ id: "schedule", verification: VerificationMode.VERIFY_SCHEDULE, challengeWindowSeconds: 0n })),
      msg.createCollection(collection({ id: "gov", verification: VerificationMode.VERIFY_GOVERNANCE, challengeWindowSeconds: 0n })),
      msg.createCollection(collection({ id: "valuer", verification: VerificationMode.VERIFY_VALUER, challengeWindowSeconds: 0n })),
    ]);
  });
  afterAll(async () => chain.close());

  it("VERIFY_SCHEDULE: verified once the holders' part of the price has arrived", async () => {
    const id = await asset("schedule");
    await chain.mustDeliver(alice, [msg.report(alice.address, id, 1000n)]);
    expectTokError(await chain.deliver(alice, [msg.finalise(alice.address, id)]), 14);
    await chain.mustDeliver(mallory, [msg.payProceeds(mallory.address, id, 499n)]);
    expectTokError(await chain.deliver(alice, [msg.finalise(alice.address, id)]), 14);
    await chain.mustDeliver(mallory, [msg.payProceeds(mallory.address, id, 1n)]);
    await chain.mustDeliver(alice, [msg.finalise(alice.address, id)]);
    expect(getAsset(chain, id).asset!.status).toBe(4);
  });

  it("VERIFY_GOVERNANCE: any report finalises without attestations once the window has passed", async () => {
    const byOwner = await asset("gov");
    await chain.mustDeliver(owner, [msg.report(owner.address, byOwner, 1000n)]);
    await chain.mustDeliver(owner, [msg.redeem(owner.address, byOwner, 100n)]);
    expect(getAsset(chain, byOwner).asset!.status).toBe(5);
    const byGov = await asset("gov");
    await mustGov(chain, [msg.report(govAuthority(), byGov, 1000n)]);
    await chain.mustDeliver(alice, [msg.finalise(alice.address, byGov)]);
    expect(getAsset(chain, byGov).asset!.status).toBe(4);
  });

  it("VERIFY_VALUER: needs nothing on chain beyond the window; attestations are refused (12)", async () => {
    const id = await asset("valuer");
    await mustGov(chain, [msg.setAttestors("valuer", [attestor1.address])]);
    await chain.mustDeliver(alice, [msg.report(alice.address, id, 1000n)]);
    expectTokError(await chain.deliver(attestor1, [msg.attest(attestor1.address, id, 1000n)]), 12);
    // A zero window still admits a dispute filed at claimable_at itself; here the next block is past it.
    await chain.mustDeliver(alice, [msg.finalise(alice.address, id)]);
    expectTokError(await chain.deliver(mallory, [msg.dispute(mallory.address, id)]), 12);
  });
});
