import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Status } from "../../../src/gen/blockchain/land/v1/parcel";
import * as tx from "../../../src/gen/blockchain/land/v1/tx";
import type { TestChain } from "../../helpers/chain";
import {
  admit,
  asOffice,
  createOffice,
  eventOf,
  expectLandError,
  gov,
  innerResponse,
  keys,
  landChain,
  msg,
  mustAsOffice,
  parcel,
} from "./setup";

/** Offices admitted by governance; parcels registered once; deeds, encumbrances, restrictions and freezes kept as history. */
describe("land: registry offices, parcels and their history", () => {
  let chain: TestChain;
  let officeA: string; // KE, operated by op1
  let officeB: string; // KE, operated by op2
  let notAdmitted: string; // a group policy governance never admitted, operated by op3
  let parcelId: bigint;
  const { op1, op2, op3, holder, mallory } = keys;

  beforeAll(async () => {
    chain = await landChain();
    officeA = await createOffice(chain, op1);
    officeB = await createOffice(chain, op2);
    notAdmitted = await createOffice(chain, op3);
    await admit(chain, officeA, "KE", "Nairobi Lands Registry");
    await admit(chain, officeB, "KE", "Mombasa Lands Registry");
  });
  afterAll(async () => chain.close());

  describe("MsgRegisterAuthority (governance only)", () => {
    it("24 ErrNotGovernance: any signer but the gov account", async () => {
      expectLandError(await chain.deliver(mallory, [msg.registerAuthority(officeA, "KE", "x", true, mallory.address)]), 24);
      const res = await chain.govExec([msg.registerAuthority(officeA, "KE", "x", true, mallory.address)]);
      expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "land", code: 24 });
    });

    it("32 ErrOfficeNotGroup: an office must be a group policy account", async () => {
      for (const office of [mallory.address, "", "yml1notanaddress"]) {
        const res = await chain.govExec([msg.registerAuthority(office, "KE")]);
        expect({ office, codespace: res.codespace, code: res.code }).toEqual({ office, codespace: "land", code: 32 });
      }
    });

    it("35 ErrInvalidJurisdiction: only assigned ISO 3166-1 alpha-2 codes (any letter case)", async () => {
      for (const j of ["", "KEN", "XK", "UK", "zz", " KE", "K3"]) {
        const res = await chain.govExec([msg.registerAuthority(notAdmitted, j)]);
        expect({ j, codespace: res.codespace, code: res.code }).toEqual({ j, codespace: "land", code: 35 });
      }
    });

    it("admits, updates and deactivates; the event names the office", async () => {
      const res = await chain.govExec([msg.registerAuthority(notAdmitted, "GB", "HM Land Registry", false)]);
      expect(res.log).toBe("");
      expect(
        eventOf(await chain.deliver(op3, [msg.registerParcel(notAdmitted, "g", "r", holder.address)]), "land_parcel_registered"),
      ).toBeUndefined();
    });
  });

  describe("MsgRegisterParcel", () => {
    it("1 ErrNotAuthority: the signer is not a registry office", async () => {
      expectLandError(await chain.deliver(mallory, [msg.registerParcel(mallory.address, "geo-x", "REF/X", holder.address)]), 1);
    });

    it("2 ErrAuthorityInactive: an admitted but inactive office", async () => {
      expectLandError(await asOffice(chain, op3, [msg.registerParcel(notAdmitted, "geo-x", "REF/X", holder.address)]), 2);
    });

    it("3 ErrNoGeometry, 4 ErrNoCadastralRef, 5 ErrInvalidHolder", async () => {
      expectLandError(await asOffice(chain, op1, [msg.registerParcel(officeA, "", "REF/X", holder.address)]), 3);
      expectLandError(await asOffice(chain, op1, [msg.registerParcel(officeA, "geo-x", "", holder.address)]), 4);
      expectLandError(await asOffice(chain, op1, [msg.registerParcel(officeA, "geo-x", "REF/X", "")]), 5);
      expectLandError(await asOffice(chain, op1, [msg.registerParcel(officeA, "geo-x", "REF/X", "yml1notanaddress")]), 5);
    });

    it("registers with id 1, the office as authority, STATUS_REGISTERED and the block height", async () => {
      const res = await mustAsOffice(chain, op1, [msg.registerParcel(officeA, "sha256:9f2c", "NAIROBI/BLOCK 7/1234", holder.address)]);
      parcelId = innerResponse(res, tx.MsgRegisterParcelResponse).id;
      expect(parcelId).toBe(1n);
      expect(eventOf(res, "land_parcel_registered")).toMatchObject({
        parcel_id: "1",
        holder: holder.address,
        authority: officeA,
        cadastral_ref: "NAIROBI/BLOCK 7/1234",
      });
      expect(parcel(chain, parcelId)).toEqual({
        id: 1n,
        geometryHash: "sha256:9f2c",
        cadastralRef: "NAIROBI/BLOCK 7/1234",
        holder: holder.address,
        authority: officeA,
        status: Status.STATUS_REGISTERED,
        encumbrances: [],
        registeredAt: res.height,
        deeds: [],
        restrictions: [],
        vehicleId: 0n,
        freezes: [],
      });
    });

    it("6 ErrGeometryTitled, 7 ErrRefTaken: unique across parcels and offices", async () => {
      expectLandError(await asOffice(chain, op2, [msg.registerParcel(officeB, "sha256:9f2c", "OTHER/1", holder.address)]), 6);
      expectLandError(await asOffice(chain, op2, [msg.registerParcel(officeB, "sha256:other", "NAIROBI/BLOCK 7/1234", holder.address)]), 7);
      // Any non-empty string is a geometry hash: no encoding imposed.
      const res = await mustAsOffice(chain, op2, [msg.registerParcel(officeB, " ", "MOMBASA/1", holder.address)]);
      expect(innerResponse(res, tx.MsgRegisterParcelResponse).id).toBe(2n);
    });
  });

  describe("parcel history: office in charge only, entries marked, never deleted", () => {
    it("8 ErrNoParcel, 16 ErrWrongJurisdiction, 1 ErrNotAuthority on every history message", async () => {
      const all = (creator: string, id: bigint) => [
        msg.deed(creator, id),
        msg.encumber(creator, id),
        msg.restrict(creator, id),
        msg.freeze(creator, id),
        msg.authorise(creator, id),
      ];
      for (const m of all(officeA, 99n)) expectLandError(await asOffice(chain, op1, [m]), 8);
      for (const m of all(officeB, parcelId)) expectLandError(await asOffice(chain, op2, [m]), 16);
      for (const m of all(mallory.address, parcelId)) expectLandError(await chain.deliver(mallory, [m]), 1);
    });

    it("25 ErrNoDocument; deeds are appended with the block height", async () => {
      expectLandError(await asOffice(chain, op1, [msg.deed(officeA, parcelId, { documentHash: "" })]), 25);
      const res = await mustAsOffice(chain, op1, [
        msg.deed(officeA, parcelId),
        msg.deed(officeA, parcelId, { kind: "survey", documentHash: "sha256:cd34", reference: "S-9" }),
      ]);
      const p = parcel(chain, parcelId);
      expect(p.deeds).toEqual([
        {
          kind: "grant",
          documentHash: "sha256:ab12",
          uri: "ipfs://deed",
          reference: "G-1",
          issuedOn: "2020-01-02",
          recordedAt: res.height,
        },
        {
          kind: "survey",
          documentHash: "sha256:cd34",
          uri: "ipfs://deed",
          reference: "S-9",
          issuedOn: "2020-01-02",
          recordedAt: res.height,
        },
      ]);
    });

    it("encumbrances: recorded, released by index and kept; 28 ErrNoEncumbrance for a missing or released entry", async () => {
      expectLandError(await asOffice(chain, op1, [msg.encumber(officeA, parcelId, { holder: "bad" })]), 5);
      await mustAsOffice(chain, op1, [
        msg.encumber(officeA, parcelId, { holder: mallory.address }),
        msg.encumber(officeA, parcelId, { kind: "easement", detail: "right of way" }),
      ]);
      expectLandError(await asOffice(chain, op1, [msg.encumber(officeA, parcelId, { release: true, index: 2 })]), 28);
      const res = await mustAsOffice(chain, op1, [msg.encumber(officeA, parcelId, { release: true, index: 0 })]);
      expect(eventOf(res, "land_encumbrance_released")).toMatchObject({ parcel_id: "1", index: "0" });
      expectLandError(await asOffice(chain, op1, [msg.encumber(officeA, parcelId, { release: true, index: 0 })]), 28);
      const h = chain.height;
      expect(
        parcel(chain, parcelId).encumbrances.map((e) => [e.kind, e.holder, e.released, e.recordedAt > 0n && e.recordedAt <= h]),
      ).toEqual([
        ["mortgage", mallory.address, true, true],
        ["easement", "", false, true],
      ]);
    });

    it("restrictions: 27 ErrNoRestrictionKind, lifted by index and kept; 26 ErrNoRestriction", async () => {
      expectLandError(await asOffice(chain, op1, [msg.restrict(officeA, parcelId, { kind: "" })]), 27);
      await mustAsOffice(chain, op1, [
        msg.restrict(officeA, parcelId, { kind: "minimum_parcel_size", value: "0.5ha", detail: "county rule" }),
      ]);
      expectLandError(await asOffice(chain, op1, [msg.restrict(officeA, parcelId, { lift: true, index: 1 })]), 26);
      expectLandError(
        await asOffice(chain, op1, [msg.restrict(officeA, parcelId, { lift: true, index: 0, kind: "heritage_protected" })]),
        26,
      );
      await mustAsOffice(chain, op1, [msg.restrict(officeA, parcelId, { lift: true, index: 0, kind: "" })]);
      expectLandError(await asOffice(chain, op1, [msg.restrict(officeA, parcelId, { lift: true, index: 0, kind: "" })]), 26);
      expect(parcel(chain, parcelId).restrictions).toEqual([
        {
          kind: "minimum_parcel_size",
          value: "0.5ha",
          detail: "county rule",
          imposedBy: officeA,
          imposedAt: parcel(chain, parcelId).restrictions[0]!.imposedAt,
          lifted: true,
        },
      ]);
    });

    it("freezes: 23 ErrNoReason, 29 ErrNotFrozen; stacked freezes lift latest first; the status returns to REGISTERED", async () => {
      expectLandError(await asOffice(chain, op1, [msg.freeze(officeA, parcelId, " ")]), 23);
      expectLandError(await asOffice(chain, op1, [msg.freeze(officeA, parcelId, "", true)]), 29);
      await mustAsOffice(chain, op1, [msg.freeze(officeA, parcelId, "court order A")]);
      await mustAsOffice(chain, op1, [msg.freeze(officeA, parcelId, "tax lien B")]);
      expect(parcel(chain, parcelId).status).toBe(Status.STATUS_FROZEN);
      await mustAsOffice(chain, op1, [msg.freeze(officeA, parcelId, "lien paid", true)]);
      expect(parcel(chain, parcelId).status).toBe(Status.STATUS_FROZEN);
      const res = await mustAsOffice(chain, op1, [msg.freeze(officeA, parcelId, "", true)]);
      expect(eventOf(res, "land_parcel_unfrozen")).toMatchObject({ parcel_id: "1", index: "0", status: "STATUS_REGISTERED" });
      const p = parcel(chain, parcelId);
      expect(p.status).toBe(Status.STATUS_REGISTERED);
      expect(p.freezes.map((f) => [f.reason, f.imposedBy, f.lifted, f.liftedBy, f.liftReason])).toEqual([
        ["court order A", officeA, true, officeA, ""],
        ["tax lien B", officeA, true, officeA, "lien paid"],
      ]);
      expect(p.freezes.every((f) => f.liftedAt >= f.imposedAt && f.imposedAt > 0n)).toBe(true);
      expectLandError(await asOffice(chain, op1, [msg.freeze(officeA, parcelId, "", true)]), 29);
    });

    it("2 ErrAuthorityInactive: a deactivated office can no longer act on its parcels", async () => {
      await admit(chain, officeB, "KE", "Mombasa Lands Registry", false);
      expectLandError(await asOffice(chain, op2, [msg.deed(officeB, 2n)]), 2);
      await admit(chain, officeB, "KE", "Mombasa Lands Registry", true);
      await mustAsOffice(chain, op2, [msg.deed(officeB, 2n)]);
    });

    it("over-long free text is refused with sdk 18 (ErrInvalidRequest), before any state is read", async () => {
      const res = await asOffice(chain, op1, [msg.registerParcel(officeA, "g".repeat(257), "REF/LONG", holder.address)]);
      expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 18 });
      const reason = await asOffice(chain, op1, [msg.freeze(officeA, parcelId, "r".repeat(2049))]);
      expect({ codespace: reason.codespace, code: reason.code }).toEqual({ codespace: "sdk", code: 18 });
    });

    it("a failing message in a tx leaves nothing behind", async () => {
      const before = parcel(chain, parcelId);
      expectLandError(await asOffice(chain, op1, [msg.deed(officeA, parcelId), msg.deed(officeA, parcelId, { documentHash: "" })]), 25);
      expect(parcel(chain, parcelId)).toEqual(before);
      expect(gov).toMatch(/^yml1/);
    });
  });
});
