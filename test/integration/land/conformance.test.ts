import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Status } from "../../../src/gen/blockchain/land/v1/parcel";
import * as tx from "../../../src/gen/blockchain/land/v1/tx";
import type { LandKeeper } from "../../../src/modules/land";
import type { Module } from "../../../src/types/module";
import type { TestChain } from "../../helpers/chain";
import * as q from "../../../src/gen/blockchain/land/v1/query";
import {
  Q,
  WINDOW,
  admit,
  asOffice,
  at,
  createOffice,
  expectLandError,
  innerResponse,
  keys,
  landChain,
  msg,
  mustAsOffice,
  now,
  parcel,
  permission,
  responseOf,
  transfer,
} from "./setup";

/**
 * What a client written against the existing chain expects of land: block heights on records,
 * the order of refusals (the record before the signer, fields after both), the permission only
 * over a REGISTERED parcel, and jurisdictions in any letter case. One chain for the whole file.
 */
describe("land conformance", () => {
  let chain: TestChain;
  let A: string; // KE, in charge of every parcel here (op1)
  let B: string; // KE, independent (op2)
  let C: string; // TZ, independent (op3)
  let D: string; // admitted inactive (op4)
  const { op1, op2, op3, op4, holder, buyer, other, mallory } = keys;
  const P = { lifecycle: 0n, plain: 0n, frozen: 0n, restricted: 0n, disputed: 0n };
  const T = { completed: 0n, open: 0n, disputed: 0n };

  const register = async (geometry: string) =>
    innerResponse(
      await mustAsOffice(chain, op1, [msg.registerParcel(A, geometry, `REF/${geometry}`, holder.address)]),
      tx.MsgRegisterParcelResponse,
    ).id;
  const propose = async (parcelId: bigint) =>
    responseOf(await chain.mustDeliver(holder, [msg.propose(holder.address, parcelId, buyer.address)]), tx.MsgProposeTransferResponse)
      .transferId;
  const landModule = () => chain.app.modules.modules.find((m) => m.name === "land") as Module & { keeper: LandKeeper };

  beforeAll(async () => {
    chain = await landChain();
    [A, B, C, D] = [
      await createOffice(chain, op1),
      await createOffice(chain, op2),
      await createOffice(chain, op3),
      await createOffice(chain, op4),
    ];
    await admit(chain, A, "KE", "Nairobi");
    await admit(chain, B, "KE", "Mombasa");
    await admit(chain, C, "TZ", "Dar es Salaam");
    await admit(chain, D, "UG", "Kampala", false);
    for (const name of Object.keys(P) as Array<keyof typeof P>) P[name] = await register(`geo-${name}`);
    T.open = await propose(P.frozen);
    await mustAsOffice(chain, op1, [msg.freeze(A, P.frozen, "caveat lodged")]);
    await mustAsOffice(chain, op1, [msg.restrict(A, P.restricted, { kind: "no_fractionalisation" })]);
    T.disputed = await propose(P.disputed);
    await chain.mustDeliver(other, [msg.object(other.address, T.disputed, "forged consent")]);
  });
  afterAll(async () => chain.close());

  describe("rule 9: stamps on records are block heights; quorum_at and completed_at stay Unix seconds", () => {
    it("deed, encumbrance, restriction, freeze and its lifting: recorded at the height of their block", async () => {
      const deed = await mustAsOffice(chain, op1, [msg.deed(A, P.lifecycle)]);
      const charge = await mustAsOffice(chain, op1, [msg.encumber(A, P.lifecycle)]);
      const rule = await mustAsOffice(chain, op1, [msg.restrict(A, P.lifecycle)]);
      const frozen = await mustAsOffice(chain, op1, [msg.freeze(A, P.lifecycle, "court order")]);
      const lifted = await mustAsOffice(chain, op1, [msg.freeze(A, P.lifecycle, "discharged", true)]);
      const p = parcel(chain, P.lifecycle);
      expect([
        p.deeds[0]!.recordedAt,
        p.encumbrances[0]!.recordedAt,
        p.restrictions[0]!.imposedAt,
        p.freezes[0]!.imposedAt,
        p.freezes[0]!.liftedAt,
      ]).toEqual([deed.height, charge.height, rule.height, frozen.height, lifted.height]);
      expect(p.registeredAt).toBeLessThan(deed.height);
    });

    it("permission: granted_at and withdrawn_at are heights, expires_at stays Unix seconds judged against block time", async () => {
      const expiresAt = now(chain) + 10_000n;
      const granted = await mustAsOffice(chain, op1, [msg.authorise(A, P.lifecycle, { expiresAt })]);
      expect(permission(chain, P.lifecycle)).toMatchObject({
        authorisation: { grantedAt: granted.height, expiresAt, withdrawnAt: 0n },
        live: true,
      });
      const withdrawn = await mustAsOffice(chain, op1, [msg.authorise(A, P.lifecycle, { withdraw: true })]);
      expect(permission(chain, P.lifecycle)).toMatchObject({
        authorisation: { grantedAt: granted.height, withdrawn: true, withdrawnAt: withdrawn.height },
        live: false,
      });
    });

    it("transfer: proposed_at is a height, quorum_at and completed_at the block time", async () => {
      const proposed = await chain.mustDeliver(holder, [msg.propose(holder.address, P.lifecycle, buyer.address)]);
      T.completed = responseOf(proposed, tx.MsgProposeTransferResponse).transferId;
      await mustAsOffice(chain, op1, [msg.validate(A, T.completed)]);
      await mustAsOffice(chain, op2, [msg.attest(B, T.completed)]);
      await mustAsOffice(chain, op3, [msg.attest(C, T.completed)]);
      const quorumAt = now(chain);
      chain.setNextBlockTime(at(chain, WINDOW));
      await chain.mustDeliver(buyer, [msg.complete(buyer.address, T.completed)]);
      expect(transfer(chain, T.completed)).toMatchObject({ proposedAt: proposed.height, quorumAt, completedAt: now(chain) });
      expect(now(chain)).toBe(quorumAt + WINDOW);
    });
  });

  describe("rule 10: MsgProposeTransfer refusals in order", () => {
    it("8 ErrNoParcel before the holder, the status and the recipient", async () => {
      expectLandError(await chain.deliver(mallory, [msg.propose(mallory.address, 99n, "")]), 8);
    });
    it("9 ErrNotHolder before the status and the recipient", async () => {
      expectLandError(await chain.deliver(mallory, [msg.propose(mallory.address, P.frozen, "")]), 9);
    });
    it("10 ErrParcelNotTransferable before the recipient", async () => {
      expectLandError(await chain.deliver(holder, [msg.propose(holder.address, P.frozen, "")]), 10);
      expectLandError(await chain.deliver(holder, [msg.propose(holder.address, P.frozen, holder.address)]), 10);
    });
    it("11 ErrInvalidRecipient before the self-transfer", async () => {
      expectLandError(await chain.deliver(holder, [msg.propose(holder.address, P.plain, "yml1notanaddress")]), 11);
    });
    it("12 ErrSelfTransfer last", async () => {
      expectLandError(await chain.deliver(holder, [msg.propose(holder.address, P.plain, holder.address)]), 12);
    });
  });

  describe("rule 10: the office's record messages look up the parcel, then the office, then its charge, then the fields", () => {
    // Each message with a field the keeper refuses: document, encumbrance holder, restriction kind, freeze reason, ceiling.
    const bad = (creator: string, id: bigint) => [
      msg.deed(creator, id, { documentHash: "" }),
      msg.encumber(creator, id, { holder: "bad" }),
      msg.restrict(creator, id, { kind: "" }),
      msg.freeze(creator, id, " "),
      msg.authorise(creator, id, { maxShareBps: 0, expiresAt: 0n }),
    ];

    it("8 ErrNoParcel first, whoever signs", async () => {
      for (const m of bad(mallory.address, 99n)) expectLandError(await chain.deliver(mallory, [m]), 8);
      expectLandError(await chain.deliver(mallory, [msg.freeze(mallory.address, 99n, "", true)]), 8);
      expectLandError(await chain.deliver(mallory, [msg.authorise(mallory.address, 99n, { withdraw: true })]), 8);
    });
    it("1 ErrNotAuthority: the signer is not an office", async () => {
      for (const m of bad(mallory.address, P.plain)) expectLandError(await chain.deliver(mallory, [m]), 1);
    });
    it("2 ErrAuthorityInactive before the parcel's own office", async () => {
      for (const m of bad(D, P.plain)) expectLandError(await asOffice(chain, op4, [m]), 2);
    });
    it("16 ErrWrongJurisdiction before the fields", async () => {
      for (const m of bad(B, P.plain)) expectLandError(await asOffice(chain, op2, [m]), 16);
    });
    it("then the fields: 25, 5, 27, 23, 30", async () => {
      const codes = [25, 5, 27, 23, 30];
      for (const [i, m] of bad(A, P.plain).entries()) expectLandError(await asOffice(chain, op1, [m]), codes[i]!);
    });
  });

  describe("rule 10: transfer messages look up the transfer before the office", () => {
    const both = (creator: string, id: bigint) => [msg.validate(creator, id), msg.attest(creator, id)];

    it("13 ErrNoTransfer, whoever signs", async () => {
      for (const m of both(mallory.address, 99n)) expectLandError(await chain.deliver(mallory, [m]), 13);
    });
    it("14 ErrTransferClosed before the office", async () => {
      for (const m of both(mallory.address, T.completed)) expectLandError(await chain.deliver(mallory, [m]), 14);
    });
    it("15 ErrTransferDisputed before the office", async () => {
      for (const m of both(mallory.address, T.disputed)) expectLandError(await chain.deliver(mallory, [m]), 15);
    });
    it("then 1 ErrNotAuthority, 2 ErrAuthorityInactive", async () => {
      for (const m of both(mallory.address, T.open)) expectLandError(await chain.deliver(mallory, [m]), 1);
      for (const m of both(D, T.open)) expectLandError(await asOffice(chain, op4, [m]), 2);
    });
    it("then the parcel's office: 16 ErrWrongJurisdiction (validate), 18 ErrNotIndependent (attest)", async () => {
      expectLandError(await asOffice(chain, op2, [msg.validate(B, T.open)]), 16);
      expectLandError(await asOffice(chain, op1, [msg.attest(A, T.open)]), 18);
    });
  });

  describe("rule 11: AuthoriseFractionalisation needs a REGISTERED parcel; a grant then checks ceiling, expiry, restriction", () => {
    it("the parcel's office comes before its status (16)", async () => {
      expectLandError(await asOffice(chain, op2, [msg.authorise(B, P.frozen, { maxShareBps: 0 })]), 16);
    });
    it("10 ErrParcelNotTransferable for a grant or a withdrawal over a parcel not REGISTERED (frozen, pending, disputed)", async () => {
      expect(parcel(chain, P.frozen).status).toBe(Status.STATUS_FROZEN);
      expectLandError(await asOffice(chain, op1, [msg.authorise(A, P.frozen, { maxShareBps: 0, expiresAt: 0n })]), 10);
      expectLandError(await asOffice(chain, op1, [msg.authorise(A, P.frozen, { withdraw: true })]), 10);
      expectLandError(await asOffice(chain, op1, [msg.authorise(A, P.disputed)]), 10);
    });
    it("30 ErrBadShareCeiling before the expiry", async () => {
      expectLandError(await asOffice(chain, op1, [msg.authorise(A, P.restricted, { maxShareBps: 10_001, expiresAt: 1n })]), 30);
    });
    it("33 ErrBadExpiry before the restriction", async () => {
      expectLandError(await asOffice(chain, op1, [msg.authorise(A, P.restricted, { expiresAt: now(chain) })]), 33);
    });
    it("31 ErrFractionalisationForbidden last", async () => {
      expectLandError(await asOffice(chain, op1, [msg.authorise(A, P.restricted, { expiresAt: now(chain) + 1000n })]), 31);
    });
    it("a withdrawal over a REGISTERED parcel without a permission: 34 ErrNoAuthorisation", async () => {
      expectLandError(await asOffice(chain, op1, [msg.authorise(A, P.plain, { withdraw: true })]), 34);
    });
  });

  describe("rule 12: a jurisdiction in any letter case, stored upper-case", () => {
    const office = (address: string) =>
      chain
        .query(Q + "Authorities", q.QueryAuthoritiesRequest, { pagination: undefined }, q.QueryAuthoritiesResponse)
        .authorities.find((a) => a.address === address);

    it("accepts gb and Ke, stores GB and KE", async () => {
      await admit(chain, D, "gb", "HM Land Registry", false);
      expect(office(D)).toEqual({ address: D, name: "HM Land Registry", jurisdiction: "GB", active: false });
      await admit(chain, D, "Ke", "Kampala", false);
      expect(office(D)?.jurisdiction).toBe("KE");
    });
    it("35 ErrInvalidJurisdiction for an unassigned code in any case", async () => {
      for (const j of ["zz", "xk", "ken", "k", " ke"]) {
        const res = await chain.govExec([msg.registerAuthority(D, j)]);
        expect({ j, codespace: res.codespace, code: res.code }).toEqual({ j, codespace: "land", code: 35 });
      }
    });
  });

  describe("consensus version 2: the 1 -> 2 migration turns stamped times into the upgrade's height", () => {
    it("every set stamp becomes the height; unset ones stay 0; quorum_at, completed_at, expires_at untouched", () => {
      const m = landModule();
      expect(m.consensusVersion).toBe(3);
      const k = m.keeper;
      const ctx = chain.app.queryContext();
      const time = 1_767_225_600n;
      const p = k.parcels.get(ctx, P.lifecycle)!;
      k.parcels.set(ctx, p.id, {
        ...p,
        deeds: p.deeds.map((d) => ({ ...d, recordedAt: time })),
        encumbrances: p.encumbrances.map((e) => ({ ...e, recordedAt: time })),
        restrictions: p.restrictions.map((r) => ({ ...r, imposedAt: time })),
        freezes: p.freezes.map((f) => ({ ...f, imposedAt: time, liftedAt: time + 60n })),
      });
      const t = k.transfers.get(ctx, T.open)!;
      k.transfers.set(ctx, t.id, { ...t, proposedAt: time });
      const done = k.transfers.get(ctx, T.completed)!;
      k.transfers.set(ctx, done.id, { ...done, proposedAt: time });
      const a = k.fractionalisation.get(ctx, P.lifecycle)!;
      k.fractionalisation.set(ctx, a.parcelId, { ...a, grantedAt: time, withdrawnAt: time + 5n });

      m.migrations!.find((x) => x.from === 1)!.migrate(ctx);

      const h = ctx.height;
      const after = k.parcels.get(ctx, P.lifecycle)!;
      expect([
        ...after.deeds.map((d) => d.recordedAt),
        ...after.encumbrances.map((e) => e.recordedAt),
        ...after.restrictions.map((r) => r.imposedAt),
      ]).toEqual([h, h, h]);
      expect(after.freezes.map((f) => [f.imposedAt, f.liftedAt])).toEqual([[h, h]]);
      expect(after.registeredAt).toBe(p.registeredAt);
      expect(k.transfers.get(ctx, T.open)).toEqual({ ...t, proposedAt: h });
      expect(k.transfers.get(ctx, T.completed)).toEqual({ ...done, proposedAt: h });
      expect(k.fractionalisation.get(ctx, P.lifecycle)).toEqual({ ...a, grantedAt: h, withdrawnAt: h });
      // A freeze still in force keeps lifted_at 0.
      expect(k.parcels.get(ctx, P.frozen)!.freezes.map((f) => [f.imposedAt, f.liftedAt])).toEqual([[h, 0n]]);
    });
  });
});
