import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as tx from "../../../src/gen/blockchain/land/v1/tx";
import type { LandKeeper } from "../../../src/modules/land";
import type { TestChain } from "../../helpers/chain";
import {
  Q,
  admit,
  asOffice,
  at,
  createOffice,
  eventOf,
  expectLandError,
  innerResponse,
  keys,
  landChain,
  msg,
  mustAsOffice,
  now,
  permission,
  queryCode,
} from "./setup";
import * as q from "../../../src/gen/blockchain/land/v1/query";

/** Per-parcel permission to open a tokenisation vehicle: ceiling, expiry, withdrawal, restriction. */
describe("land: fractionalisation permission", () => {
  let chain: TestChain;
  let A: string;
  let B: string;
  let parcelId: bigint;
  const { op1, op2, holder, mallory } = keys;

  const keeper = () => (chain.app.modules.modules.find((m) => m.name === "land") as unknown as { keeper: LandKeeper }).keeper;

  beforeAll(async () => {
    chain = await landChain();
    A = await createOffice(chain, op1);
    B = await createOffice(chain, op2);
    await admit(chain, A, "KE");
    await admit(chain, B, "TZ");
    parcelId = innerResponse(
      await mustAsOffice(chain, op1, [msg.registerParcel(A, "geo-f", "KE/F/1", holder.address)]),
      tx.MsgRegisterParcelResponse,
    ).id;
  });
  afterAll(async () => chain.close());

  it("no permission yet: the query answers NotFound; 34 ErrNoAuthorisation for a withdrawal", async () => {
    expect(queryCode(() => permission(chain, parcelId))).toBe(22);
    expect(queryCode(() => permission(chain, 99n))).toBe(22);
    expectLandError(await asOffice(chain, op1, [msg.authorise(A, parcelId, { withdraw: true })]), 34);
  });

  it("30 ErrBadShareCeiling (0, 10001), 33 ErrBadExpiry (missing, past, now)", async () => {
    expectLandError(await asOffice(chain, op1, [msg.authorise(A, parcelId, { maxShareBps: 0 })]), 30);
    expectLandError(await asOffice(chain, op1, [msg.authorise(A, parcelId, { maxShareBps: 10_001 })]), 30);
    expectLandError(await asOffice(chain, op1, [msg.authorise(A, parcelId, { expiresAt: 0n })]), 33);
    expectLandError(await asOffice(chain, op1, [msg.authorise(A, parcelId, { expiresAt: -1n })]), 33);
    expectLandError(await asOffice(chain, op1, [msg.authorise(A, parcelId, { expiresAt: now(chain) - 10n })]), 33);
    // The tx lands in the next block, whose time is the one set here: expiring at that very second is not the future.
    const next = at(chain, 5n);
    chain.setNextBlockTime(next);
    expectLandError(await asOffice(chain, op1, [msg.authorise(A, parcelId, { expiresAt: next.seconds })]), 33);
  });

  it("only the parcel's office grants: 16 ErrWrongJurisdiction, 1 ErrNotAuthority", async () => {
    expectLandError(await asOffice(chain, op2, [msg.authorise(B, parcelId)]), 16);
    expectLandError(await chain.deliver(mallory, [msg.authorise(mallory.address, parcelId)]), 1);
  });

  it("grants: live until expires_at (Unix seconds) against block time; granted_at is the block height; ceiling 10000 accepted", async () => {
    const expiresAt = now(chain) + 1000n;
    const res = await mustAsOffice(chain, op1, [
      msg.authorise(A, parcelId, { right: "exploitation right", maxShareBps: 10_000, expiresAt }),
    ]);
    expect(eventOf(res, "land_fractionalisation_authorised")).toMatchObject({
      parcel_id: parcelId.toString(),
      max_share_bps: "10000",
      expires_at: expiresAt.toString(),
      granted_by: A,
    });
    expect(permission(chain, parcelId)).toEqual({
      authorisation: {
        parcelId,
        right: "exploitation right",
        maxShareBps: 10_000,
        expiresAt,
        grantedBy: A,
        grantedAt: res.height,
        withdrawn: false,
        withdrawnAt: 0n,
      },
      live: true,
    });
    chain.setNextBlockTime({ seconds: expiresAt - 1n, nanos: 0 });
    await chain.produceBlocks(1);
    expect(permission(chain, parcelId).live).toBe(true);
    chain.setNextBlockTime({ seconds: expiresAt, nanos: 0 });
    await chain.produceBlocks(1);
    expect(permission(chain, parcelId).live).toBe(false);
  });

  it("granting again replaces the terms", async () => {
    const expiresAt = now(chain) + 5000n;
    await mustAsOffice(chain, op1, [msg.authorise(A, parcelId, { right: "lease", maxShareBps: 2500, expiresAt })]);
    expect(permission(chain, parcelId)).toMatchObject({
      authorisation: { right: "lease", maxShareBps: 2500, expiresAt, withdrawn: false },
      live: true,
    });
  });

  it("a no_fractionalisation restriction makes it not live and refuses grants (31); lifting restores it", async () => {
    await mustAsOffice(chain, op1, [msg.restrict(A, parcelId, { kind: "no_fractionalisation", detail: "heritage site" })]);
    expect(permission(chain, parcelId).live).toBe(false);
    expectLandError(await asOffice(chain, op1, [msg.authorise(A, parcelId, { expiresAt: now(chain) + 100n })]), 31);
    await mustAsOffice(chain, op1, [msg.restrict(A, parcelId, { lift: true, index: 0, kind: "no_fractionalisation" })]);
    expect(permission(chain, parcelId).live).toBe(true);
  });

  it("the keeper view tokenisation reads gives the same answer as the query", async () => {
    const ctx = chain.app.queryContext();
    const r = chain.query(
      Q + "FractionalisationAuthority",
      q.QueryFractionalisationAuthorityRequest,
      { parcelId },
      q.QueryFractionalisationAuthorityResponse,
    );
    expect(keeper().fractionalisationAuthority(ctx, parcelId)).toEqual({ authorisation: r.authorisation, live: r.live });
    expect(keeper().fractionalisationAuthority(ctx, 99n)).toEqual({ authorisation: undefined, live: false });
    expect(keeper().parcelHolder(ctx, parcelId)).toBe(holder.address);
    expect(keeper().parcelHolder(ctx, 99n)).toBeUndefined();
  });

  it("withdrawal marks the entry (kept on record) and stops it being live; a second withdrawal is 34", async () => {
    const res = await mustAsOffice(chain, op1, [msg.authorise(A, parcelId, { withdraw: true, maxShareBps: 0, expiresAt: 0n })]);
    expect(eventOf(res, "land_fractionalisation_withdrawn")).toMatchObject({ parcel_id: parcelId.toString(), withdrawn_by: A });
    expect(permission(chain, parcelId)).toMatchObject({
      authorisation: { right: "lease", maxShareBps: 2500, withdrawn: true, withdrawnAt: res.height },
      live: false,
    });
    expectLandError(await asOffice(chain, op1, [msg.authorise(A, parcelId, { withdraw: true })]), 34);
  });
});
