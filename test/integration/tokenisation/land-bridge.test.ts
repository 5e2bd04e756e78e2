import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DENOM, TestChain } from "../../helpers/chain";
import { admit, createOffice, keys as landKeys, msg as landMsg, mustAsOffice, parcel, permission } from "../land/setup";
import { collection, expectTokError, getAsset, keys, msg, mustGov, shareDenom } from "./setup";

const { op1 } = landKeys;
const { minter, owner, alice } = keys;

/** Assets over land parcels: the parcel is checked at mint and the registry's permission at fractionalisation. */
describe("tokenisation over land parcels", () => {
  let chain: TestChain;
  let office: string;
  let now: () => bigint;

  beforeAll(async () => {
    const funded = Object.fromEntries(
      [...Object.keys(landKeys).map((n) => `land/${n}`), ...Object.keys(keys).map((n) => `tokenisation/${n}`)].map((n) => [
        n,
        [{ denom: DENOM, amount: "100000000000" }],
      ]),
    );
    chain = await TestChain.create({ funded });
    now = () => chain.engine.lastBlockTime.seconds;
    office = await createOffice(chain, op1);
    await admit(chain, office, "KE", "Nairobi Lands Registry");
    await mustAsOffice(chain, op1, [landMsg.registerParcel(office, "sha256:p1", "NAIROBI/BLOCK 1/1", owner.address)]); // parcel 1: owner's
    await mustAsOffice(chain, op1, [landMsg.registerParcel(office, "sha256:p2", "NAIROBI/BLOCK 1/2", alice.address)]); // parcel 2: alice's
    await mustGov(chain, [msg.createCollection(collection())]);
  });
  afterAll(async () => chain.close());

  it("26 ErrNoParcel and 27 ErrNotParcelHolder at mint", async () => {
    expectTokError(await chain.deliver(minter, [msg.mint(minter.address, owner.address, "estates", "ipfs://land", 99n)]), 26);
    expectTokError(await chain.deliver(minter, [msg.mint(minter.address, owner.address, "estates", "ipfs://land", 2n)]), 27);
    await chain.mustDeliver(minter, [msg.mint(minter.address, owner.address, "estates", "ipfs://land", 1n)]); // asset 1
    expect(getAsset(chain, 1n).asset!.parcelId).toBe(1n);
  });

  it("28 ErrNoLandAuthorisation: no permission granted", async () => {
    expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, 1n, "1000", 3000)]), 28);
  });

  it("31 ErrShareCeilingExceeded: holder share above max_share_bps", async () => {
    await mustAsOffice(chain, op1, [landMsg.authorise(office, 1n, { maxShareBps: 4000, expiresAt: now() + 1000n })]);
    expect(permission(chain, 1n).live).toBe(true);
    expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, 1n, "1000", 4001)]), 31);
  });

  it("32 ErrLandFractionalisationForbidden: a no_fractionalisation restriction on the parcel", async () => {
    await mustAsOffice(chain, op1, [landMsg.restrict(office, 1n, { kind: "no_fractionalisation" })]);
    expect(permission(chain, 1n).live).toBe(false);
    expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, 1n, "1000", 3000)]), 32);
    await mustAsOffice(chain, op1, [landMsg.restrict(office, 1n, { kind: "no_fractionalisation", lift: true, index: 0 })]);
    expect(permission(chain, 1n).live).toBe(true);
  });

  it("30 ErrAuthorisationExpired: judged against block time", async () => {
    chain.setNextBlockTime({ seconds: BigInt(permission(chain, 1n).authorisation.expiresAt) + 1n, nanos: 0 });
    await chain.produceBlocks(1);
    expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, 1n, "1000", 3000)]), 30);
  });

  it("29 ErrAuthorisationWithdrawn: a withdrawn permission", async () => {
    await mustAsOffice(chain, op1, [landMsg.authorise(office, 1n, { maxShareBps: 4000, expiresAt: now() + 100_000n })]);
    await mustAsOffice(chain, op1, [landMsg.authorise(office, 1n, { maxShareBps: 4000, expiresAt: now() + 100_000n, withdraw: true })]);
    expectTokError(await chain.deliver(owner, [msg.fractionalise(owner.address, 1n, "1000", 3000)]), 29);
  });

  it("27 at fractionalisation: the title holder must still hold the parcel", async () => {
    await mustAsOffice(chain, op1, [landMsg.authorise(office, 1n, { maxShareBps: 4000, expiresAt: now() + 100_000n })]);
    await chain.mustDeliver(minter, [msg.mint(minter.address, owner.address, "estates", "ipfs://land", 1n)]); // asset 2
    await chain.mustDeliver(owner, [msg.transfer(owner.address, 2n, alice.address)]);
    expectTokError(await chain.deliver(alice, [msg.fractionalise(alice.address, 2n, "1000", 3000)]), 27);
  });

  it("fractionalises under a live permission within the ceiling; the parcel records the vehicle, title stays with the holder", async () => {
    await chain.mustDeliver(owner, [msg.fractionalise(owner.address, 1n, "1000", 4000)]);
    expect(chain.balance(owner.address, shareDenom(1n))).toBe(1000n);
    expect(parcel(chain, 1n)).toMatchObject({ holder: owner.address, vehicleId: 1n });
  });
});
