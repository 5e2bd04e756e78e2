import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppraiserStatus } from "../../../src/gen/blockchain/oracle/v1/oracle";
import type { TestChain } from "../../helpers/chain";
import { eventOf, expectOracleError, keys, msg, nftGenesis, oracleChain, query, queryCode, testParams } from "./setup";

const { appraiser, appraiser2, mallory } = keys;

describe("oracle appraisers: applications, governance decisions, revocation", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await oracleChain();
  });
  afterAll(async () => chain.close());

  it("an application is pending until governance approves it, narrowing the requested scope", async () => {
    const res = await chain.mustDeliver(appraiser, [msg.apply(appraiser.address, ["land-parcels", "art", "wine"])]);
    expect(eventOf(res, "oracle_appraiser_applied")).toMatchObject({ address: appraiser.address });
    expect(query.appraiser(chain, appraiser.address)).toEqual({
      address: appraiser.address,
      name: "Acme Valuers",
      credentials: "RICS 123456",
      classIds: ["land-parcels", "art", "wine"],
      status: AppraiserStatus.APPRAISER_STATUS_PENDING,
      approvedAtHeight: 0n,
    });
    // A second application while one is pending: 1108.
    expectOracleError(await chain.deliver(appraiser, [msg.apply(appraiser.address)]), 1108);
    // Narrowing to a class that was not requested: out of scope (1106), nothing changes.
    expect((await chain.govExec([msg.approve(appraiser.address, true, ["cars"])])).code).toBe(1106);
    const decided = await chain.govExec([msg.approve(appraiser.address, true, ["land-parcels"])]);
    expect(decided.log).toBe("");
    const a = query.appraiser(chain, appraiser.address);
    expect(a).toMatchObject({
      status: AppraiserStatus.APPRAISER_STATUS_APPROVED,
      classIds: ["land-parcels"],
      approvedAtHeight: chain.height,
    });
    // Approved: applying again is still 1108, deciding again is 1110.
    expectOracleError(await chain.deliver(appraiser, [msg.apply(appraiser.address)]), 1108);
    expect((await chain.govExec([msg.approve(appraiser.address, false)])).code).toBe(1110);
  });

  it("a rejected applicant may apply again; deciding a missing application is 1109", async () => {
    await chain.mustDeliver(appraiser2, [msg.apply(appraiser2.address)]);
    expect((await chain.govExec([msg.approve(appraiser2.address, false)])).log).toBe("");
    expect(query.appraiser(chain, appraiser2.address).status).toBe(AppraiserStatus.APPRAISER_STATUS_REJECTED);
    expect((await chain.govExec([msg.approve(appraiser2.address, true)])).code).toBe(1110);
    await chain.mustDeliver(appraiser2, [msg.apply(appraiser2.address, [], "Second Try Ltd")]);
    expect(query.appraiser(chain, appraiser2.address)).toMatchObject({
      name: "Second Try Ltd",
      status: AppraiserStatus.APPRAISER_STATUS_PENDING,
      classIds: [],
    });
    expect((await chain.govExec([msg.approve(mallory.address, true)])).code).toBe(1109);
    expect((await chain.govExec([msg.revoke(mallory.address)])).code).toBe(1109);
    expect(
      query
        .appraisers(chain)
        .map((x) => x.address)
        .sort(),
    ).toEqual([appraiser.address, appraiser2.address].sort());
    expect(queryCode(() => query.appraiser(chain, mallory.address))).toBe(22);
  });

  it("revocation ends an approved appraiser (REJECTED, may apply again); revoking a pending one is 1105", async () => {
    expect((await chain.govExec([msg.revoke(appraiser2.address)])).code).toBe(1105);
    await chain.govExec([msg.approve(appraiser2.address, true)]);
    expect((await chain.govExec([msg.revoke(appraiser2.address, "conflict of interest")])).log).toBe("");
    expect(query.appraiser(chain, appraiser2.address).status).toBe(AppraiserStatus.APPRAISER_STATUS_REJECTED);
    await chain.mustDeliver(appraiser2, [msg.apply(appraiser2.address)]);
  });

  it("authority-gated messages are refused from any other signer (1100)", async () => {
    expectOracleError(await chain.deliver(mallory, [msg.approve(appraiser2.address, true, [], mallory.address)]), 1100);
    expectOracleError(await chain.deliver(mallory, [msg.revoke(appraiser.address, "x", mallory.address)]), 1100);
    expectOracleError(await chain.deliver(mallory, [msg.updateParams(testParams(), mallory.address)]), 1100);
    expect(query.appraiser(chain, appraiser2.address).status).toBe(AppraiserStatus.APPRAISER_STATUS_PENDING);
  });

  it("length and count limits are refused (1116) before any state is read", async () => {
    const long = "x".repeat(2000);
    expectOracleError(await chain.deliver(mallory, [msg.apply(mallory.address, [], long)]), 1116);
    expectOracleError(await chain.deliver(mallory, [msg.apply(mallory.address, [], "ok", long)]), 1116);
    expectOracleError(await chain.deliver(mallory, [msg.apply(mallory.address, ["a".repeat(65)])]), 1116);
    // max_class_ids_per_appraiser is 3 in these tests.
    expectOracleError(await chain.deliver(mallory, [msg.apply(mallory.address, ["aaa", "bbb", "ccc", "ddd"])]), 1116);
    // An existing application does not matter: the limit is refused first.
    expectOracleError(await chain.deliver(appraiser, [msg.apply(appraiser.address, [], long)]), 1116);
    expectOracleError(await chain.deliver(appraiser, [msg.appraise({ appraiser: appraiser.address, reportUri: long })]), 1116);
    expectOracleError(await chain.deliver(mallory, [msg.appraise({ appraiser: mallory.address, nftId: "n".repeat(102) })]), 1116);
    expectOracleError(await chain.deliver(mallory, [msg.appraise({ appraiser: mallory.address, value: "9".repeat(79) })]), 1116);
    expectOracleError(await chain.deliver(mallory, [msg.appraise({ appraiser: mallory.address, method: long })]), 1116);
    expectOracleError(await chain.deliver(mallory, [msg.appraise({ appraiser: mallory.address, reportHash: long })]), 1116);
    expect((await chain.govExec([msg.revoke(appraiser.address, long)])).code).toBe(1116);
  });
});

describe("oracle appraisals: submission rules", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await oracleChain(testParams(), nftGenesis);
    await chain.mustDeliver(appraiser, [msg.apply(appraiser.address, ["land-parcels"])]);
    await chain.govExec([msg.approve(appraiser.address, true)]);
  });
  afterAll(async () => chain.close());

  it("refuses non-appraisers (1105), classes out of scope (1106), bad values (1111) and future dates (1112)", async () => {
    expectOracleError(await chain.deliver(mallory, [msg.appraise({ appraiser: mallory.address })]), 1105);
    expectOracleError(await chain.deliver(appraiser, [msg.appraise({ appraiser: appraiser.address, classId: "art" })]), 1106);
    for (const value of ["0", "-5", "1.5", "", "abc"]) {
      expectOracleError(await chain.deliver(appraiser, [msg.appraise({ appraiser: appraiser.address, value })]), 1111);
    }
    expectOracleError(await chain.deliver(appraiser, [msg.appraise({ appraiser: appraiser.address, valueDenom: "!" })]), 1111);
    expectOracleError(await chain.deliver(appraiser, [msg.appraise({ appraiser: appraiser.address, valuedAt: 0n })]), 1111);
    const now = chain.engine.lastBlockTime.seconds;
    expectOracleError(await chain.deliver(appraiser, [msg.appraise({ appraiser: appraiser.address, valuedAt: now + 3600n })]), 1112);
  });

  it("refuses an appraisal of an NFT that does not exist (1107)", async () => {
    expectOracleError(await chain.deliver(appraiser, [msg.appraise({ appraiser: appraiser.address, nftId: "parcel-404" })]), 1107);
    expect(queryCode(() => query.appraisal(chain, "land-parcels", "parcel-404"))).toBe(22);
    expect(() => query.appraisal(chain, "land-parcels", "parcel-404")).toThrow(/no appraisal for the asset/);
    expect(query.history(chain, "land-parcels", "parcel-404")).toEqual([]);
  });

  it("an appraisal of an existing NFT in scope is stored; a newer one supersedes it, both kept, newest first", async () => {
    const now = chain.engine.lastBlockTime.seconds;
    const first = await chain.mustDeliver(appraiser, [msg.appraise({ appraiser: appraiser.address, value: "1000", valuedAt: now - 500n })]);
    expect(eventOf(first, "oracle_appraisal_submitted")).toMatchObject({ class_id: "land-parcels", nft_id: "parcel-1", value: "1000" });
    const a1 = query.appraisal(chain, "land-parcels", "parcel-1");
    expect(a1).toMatchObject({
      appraisal: {
        classId: "land-parcels",
        nftId: "parcel-1",
        value: "1000",
        valueDenom: "uusd",
        appraiser: appraiser.address,
        valuedAt: now - 500n,
        submittedHeight: first.height,
        superseded: false,
      },
      stale: false,
      appraiserStillApproved: true,
    });
    expect(a1.ageSeconds).toBe(chain.engine.lastBlockTime.seconds - (now - 500n));
    const second = await chain.mustDeliver(appraiser, [
      msg.appraise({ appraiser: appraiser.address, value: "1200", valuedAt: now - 10n, reportUri: "ipfs://second" }),
    ]);
    expect(query.appraisal(chain, "land-parcels", "parcel-1").appraisal).toMatchObject({
      value: "1200",
      submittedHeight: second.height,
      superseded: false,
    });
    expect(query.history(chain, "land-parcels", "parcel-1").map((a) => [a.value, a.superseded])).toEqual([
      ["1200", false],
      ["1000", true],
    ]);
    // Another asset is independent.
    await chain.mustDeliver(appraiser, [msg.appraise({ appraiser: appraiser.address, nftId: "parcel-2", value: "5" })]);
    expect(query.history(chain, "land-parcels", "parcel-2").map((a) => a.value)).toEqual(["5"]);
    expect(query.history(chain, "land-parcels", "parcel-1")).toHaveLength(2);
    // Once the appraiser is revoked, the appraisal stays but says so.
    await chain.govExec([msg.revoke(appraiser.address)]);
    expect(query.appraisal(chain, "land-parcels", "parcel-1")).toMatchObject({
      appraisal: { value: "1200" },
      appraiserStillApproved: false,
    });
    expectOracleError(await chain.deliver(appraiser, [msg.appraise({ appraiser: appraiser.address })]), 1105);
  });
});
