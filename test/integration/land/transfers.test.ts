import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "../../../src/gen/blockchain/land/v1/query";
import { Status } from "../../../src/gen/blockchain/land/v1/parcel";
import * as tx from "../../../src/gen/blockchain/land/v1/tx";
import type { TestChain } from "../../helpers/chain";
import {
  Q,
  WINDOW,
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
  params,
  parcel,
  responseOf,
  transfer,
} from "./setup";

/** holder proposes → the parcel's office validates → independent offices attest to quorum → window → objection or completion. */
describe("land: the transfer pipeline", () => {
  let chain: TestChain;
  let A: string; // the parcels' office (KE)
  let B: string; // independent, KE
  let C: string; // independent, TZ
  let D: string; // admitted, then deactivated
  const { op1, op2, op3, op4, holder, buyer, other, mallory } = keys;

  const register = async (geometry: string, ref: string) =>
    innerResponse(await mustAsOffice(chain, op1, [msg.registerParcel(A, geometry, ref, holder.address)]), tx.MsgRegisterParcelResponse).id;
  const propose = async (parcelId: bigint, to = buyer.address) =>
    responseOf(await chain.mustDeliver(holder, [msg.propose(holder.address, parcelId, to)]), tx.MsgProposeTransferResponse).transferId;
  const pending = () =>
    chain
      .query(Q + "PendingTransfers", q.QueryPendingTransfersRequest, { pagination: undefined }, q.QueryPendingTransfersResponse)
      .transfers.map((t) => t.id);
  const byParcel = (parcelId: bigint) =>
    chain
      .query(
        Q + "TransfersByParcel",
        q.QueryTransfersByParcelRequest,
        { parcelId, pagination: undefined },
        q.QueryTransfersByParcelResponse,
      )
      .transfers.map((t) => t.id);

  beforeAll(async () => {
    chain = await landChain();
    A = await createOffice(chain, op1);
    B = await createOffice(chain, op2);
    C = await createOffice(chain, op3);
    D = await createOffice(chain, op4);
    await admit(chain, A, "KE", "Nairobi");
    await admit(chain, B, "KE", "Mombasa");
    await admit(chain, C, "TZ", "Dar es Salaam");
    await admit(chain, D, "UG", "Kampala", false);
  });
  afterAll(async () => chain.close());

  describe("a transfer that completes", () => {
    let parcelId: bigint;
    let id: bigint;

    it("ProposeTransfer: 8 ErrNoParcel, 9 ErrNotHolder, 11 ErrInvalidRecipient, 12 ErrSelfTransfer", async () => {
      parcelId = await register("geo-1", "KE/NBI/1");
      expectLandError(await chain.deliver(holder, [msg.propose(holder.address, 99n, buyer.address)]), 8);
      expectLandError(await chain.deliver(mallory, [msg.propose(mallory.address, parcelId, buyer.address)]), 9);
      expectLandError(await chain.deliver(holder, [msg.propose(holder.address, parcelId, "")]), 11);
      expectLandError(
        await chain.deliver(holder, [msg.propose(holder.address, parcelId, "cosmos1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq")]),
        11,
      );
      expectLandError(await chain.deliver(holder, [msg.propose(holder.address, parcelId, holder.address)]), 12);
    });

    it("proposes: the parcel becomes TRANSFER_PENDING; 10 ErrParcelNotTransferable for a second proposal", async () => {
      const res = await chain.mustDeliver(holder, [msg.propose(holder.address, parcelId, buyer.address, "KES 12,500,000")]);
      id = responseOf(res, tx.MsgProposeTransferResponse).transferId;
      expect(id).toBe(1n);
      expect(eventOf(res, "land_transfer_proposed")).toEqual({
        transfer_id: "1",
        parcel_id: "1",
        from: holder.address,
        to: buyer.address,
        price: "KES 12,500,000",
      });
      expect(transfer(chain, id)).toEqual({
        id,
        parcelId,
        from: holder.address,
        to: buyer.address,
        price: "KES 12,500,000",
        validated: false,
        validatedBy: "",
        attestors: [],
        quorumAt: 0n,
        objectedBy: "",
        objectionReason: "",
        proposedAt: res.height,
        completedAt: 0n,
      });
      expect(parcel(chain, parcelId).status).toBe(Status.STATUS_TRANSFER_PENDING);
      expectLandError(await chain.deliver(holder, [msg.propose(holder.address, parcelId, other.address)]), 10);
      expect(pending()).toEqual([id]);
    });

    it("ValidateTransfer: 13 ErrNoTransfer, 1 ErrNotAuthority, 16 ErrWrongJurisdiction, 2 ErrAuthorityInactive; 20 ErrNotValidated at completion", async () => {
      expectLandError(await asOffice(chain, op1, [msg.validate(A, 99n)]), 13);
      expectLandError(await chain.deliver(mallory, [msg.validate(mallory.address, id)]), 1);
      expectLandError(await asOffice(chain, op2, [msg.validate(B, id)]), 16);
      expectLandError(await asOffice(chain, op4, [msg.validate(D, id)]), 2);
      expectLandError(await chain.deliver(other, [msg.complete(other.address, id)]), 20);
    });

    it("validates once: 17 ErrAlreadyValidated", async () => {
      const res = await mustAsOffice(chain, op1, [msg.validate(A, id)]);
      expect(eventOf(res, "land_transfer_validated")).toMatchObject({ transfer_id: "1", validated_by: A });
      expect(transfer(chain, id)).toMatchObject({ validated: true, validatedBy: A });
      expectLandError(await asOffice(chain, op1, [msg.validate(A, id)]), 17);
    });

    it("AttestTransfer: 18 ErrNotIndependent, 2 ErrAuthorityInactive, 1 ErrNotAuthority, 13 ErrNoTransfer; 21 ErrNoQuorum at completion", async () => {
      expectLandError(await asOffice(chain, op1, [msg.attest(A, id)]), 18);
      expectLandError(await asOffice(chain, op4, [msg.attest(D, id)]), 2);
      expectLandError(await chain.deliver(mallory, [msg.attest(mallory.address, id)]), 1);
      expectLandError(await asOffice(chain, op2, [msg.attest(B, 99n)]), 13);
      expectLandError(await chain.deliver(other, [msg.complete(other.address, id)]), 21);
    });

    it("attests once per office (19 ErrAlreadyAttested); quorum starts the window (22 ErrChallengeWindowOpen)", async () => {
      const first = await mustAsOffice(chain, op2, [msg.attest(B, id)]);
      expect(innerResponse(first, tx.MsgAttestTransferResponse)).toEqual({ attestations: 1, quorum: 2 });
      expectLandError(await chain.deliver(other, [msg.complete(other.address, id)]), 21);
      expectLandError(await asOffice(chain, op2, [msg.attest(B, id)]), 19);
      chain.setNextBlockTime(at(chain, 100n));
      const second = await mustAsOffice(chain, op3, [msg.attest(C, id)]);
      expect(innerResponse(second, tx.MsgAttestTransferResponse)).toEqual({ attestations: 2, quorum: 2 });
      const quorumAt = now(chain);
      expect(eventOf(second, "land_transfer_quorum_reached")).toMatchObject({
        transfer_id: "1",
        parcel_id: "1",
        quorum_at: quorumAt.toString(),
        challenge_ends_at: (quorumAt + WINDOW).toString(),
      });
      expect(transfer(chain, id)).toMatchObject({ attestors: [B, C], quorumAt });
      chain.setNextBlockTime({ seconds: quorumAt + WINDOW - 1n, nanos: 0 });
      expectLandError(await chain.deliver(other, [msg.complete(other.address, id)]), 22);
    });

    it("a freeze stops completion (10 ErrParcelNotTransferable); lifting it returns the parcel to TRANSFER_PENDING", async () => {
      await mustAsOffice(chain, op1, [msg.freeze(A, parcelId, "caveat lodged")]);
      chain.setNextBlockTime({ seconds: transfer(chain, id).quorumAt + WINDOW, nanos: 0 });
      expectLandError(await chain.deliver(other, [msg.complete(other.address, id)]), 10);
      await mustAsOffice(chain, op1, [msg.freeze(A, parcelId, "caveat withdrawn", true)]);
      expect(parcel(chain, parcelId).status).toBe(Status.STATUS_TRANSFER_PENDING);
    });

    it("completes once the window has closed, by anyone: new holder, REGISTERED, price recorded and no coins moved", async () => {
      const buyerBefore = chain.balance(buyer.address);
      const holderBefore = chain.balance(holder.address);
      const res = await chain.mustDeliver(other, [msg.complete(other.address, id)]);
      expect(eventOf(res, "land_transfer_completed")).toMatchObject({
        transfer_id: "1",
        from: holder.address,
        to: buyer.address,
        price: "KES 12,500,000",
      });
      expect(
        res.events.some((e) => e.type === "transfer" && e.attributes.some((a) => a.value === holder.address || a.value === buyer.address)),
      ).toBe(false);
      expect(chain.balance(buyer.address)).toBe(buyerBefore);
      expect(chain.balance(holder.address)).toBe(holderBefore);
      expect(transfer(chain, id).completedAt).toBe(now(chain));
      expect(parcel(chain, parcelId)).toMatchObject({ holder: buyer.address, status: Status.STATUS_REGISTERED });
      expect(pending()).toEqual([]);
      expect(byParcel(parcelId)).toEqual([id]);
    });

    it("14 ErrTransferClosed: completing, validating, attesting or objecting a completed transfer", async () => {
      expectLandError(await chain.deliver(other, [msg.complete(other.address, id)]), 14);
      expectLandError(await asOffice(chain, op1, [msg.validate(A, id)]), 14);
      expectLandError(await asOffice(chain, op2, [msg.attest(B, 1n)]), 14);
      expectLandError(await chain.deliver(mallory, [msg.object(mallory.address, id)]), 14);
      expectLandError(await chain.deliver(other, [msg.complete(other.address, 99n)]), 13);
    });

    it("the new holder may propose next; the old one may not (9 ErrNotHolder)", async () => {
      expectLandError(await chain.deliver(holder, [msg.propose(holder.address, parcelId, other.address)]), 9);
      const res = await chain.mustDeliver(buyer, [msg.propose(buyer.address, parcelId, holder.address, "")]);
      expect(responseOf(res, tx.MsgProposeTransferResponse).transferId).toBe(2n);
      expect(byParcel(parcelId)).toEqual([1n, 2n]);
    });
  });

  describe("a transfer that is objected", () => {
    let parcelId: bigint;
    let id: bigint;

    it("23 ErrNoReason; any account objects, at any stage before completion: DISPUTED, evidence kept", async () => {
      parcelId = await register("geo-2", "KE/NBI/2");
      id = await propose(parcelId);
      await mustAsOffice(chain, op1, [msg.validate(A, id)]);
      await mustAsOffice(chain, op2, [msg.attest(B, id)]);
      expectLandError(await chain.deliver(mallory, [msg.object(mallory.address, id, "")]), 23);
      expectLandError(await chain.deliver(mallory, [msg.object(mallory.address, id, "   ")]), 23);
      expectLandError(await chain.deliver(mallory, [msg.object(mallory.address, 99n)]), 13);
      const res = await chain.mustDeliver(mallory, [msg.object(mallory.address, id, "I hold an unregistered sale agreement")]);
      expect(eventOf(res, "land_transfer_objected")).toEqual({
        transfer_id: id.toString(),
        parcel_id: parcelId.toString(),
        objected_by: mallory.address,
        objection_reason: "I hold an unregistered sale agreement",
      });
      expect(transfer(chain, id)).toMatchObject({
        objectedBy: mallory.address,
        objectionReason: "I hold an unregistered sale agreement",
        validated: true,
        attestors: [B],
        completedAt: 0n,
      });
      expect(parcel(chain, parcelId)).toMatchObject({ status: Status.STATUS_DISPUTED, holder: holder.address });
      expect(pending()).not.toContain(id);
    });

    it("15 ErrTransferDisputed: one objection halts everything; the parcel cannot start another transfer (10)", async () => {
      expectLandError(await asOffice(chain, op3, [msg.attest(C, id)]), 15);
      expectLandError(await asOffice(chain, op1, [msg.validate(A, id)]), 15);
      expectLandError(await chain.deliver(other, [msg.object(other.address, id)]), 15);
      chain.setNextBlockTime(at(chain, WINDOW * 2n));
      expectLandError(await chain.deliver(other, [msg.complete(other.address, id)]), 15);
      expectLandError(await chain.deliver(holder, [msg.propose(holder.address, parcelId, other.address)]), 10);
    });

    it("a freeze over a disputed parcel lifts back to DISPUTED", async () => {
      await mustAsOffice(chain, op1, [msg.freeze(A, parcelId, "police hold")]);
      expect(parcel(chain, parcelId).status).toBe(Status.STATUS_FROZEN);
      await mustAsOffice(chain, op1, [msg.freeze(A, parcelId, "released", true)]);
      expect(parcel(chain, parcelId).status).toBe(Status.STATUS_DISPUTED);
    });

    it("an objection lodged while the parcel is frozen disputes it once the freeze lifts; a frozen parcel cannot start a transfer", async () => {
      const p3 = await register("geo-3", "KE/NBI/3");
      const t3 = await propose(p3);
      await mustAsOffice(chain, op1, [msg.freeze(A, p3, "estate in probate")]);
      expectLandError(await chain.deliver(holder, [msg.propose(holder.address, p3, other.address)]), 10);
      await chain.mustDeliver(other, [msg.object(other.address, t3, "heir not consulted")]);
      expect(parcel(chain, p3).status).toBe(Status.STATUS_FROZEN);
      await mustAsOffice(chain, op1, [msg.freeze(A, p3, "probate granted", true)]);
      expect(parcel(chain, p3).status).toBe(Status.STATUS_DISPUTED);
      const p4 = await register("geo-4", "KE/NBI/4");
      await mustAsOffice(chain, op1, [msg.freeze(A, p4, "survey error")]);
      expectLandError(await chain.deliver(holder, [msg.propose(holder.address, p4, other.address)]), 10);
    });
  });

  describe("params (governance only)", () => {
    it("24 ErrNotGovernance from any other signer; 36 ErrInvalidParams for quorum 0 or a window of 0", async () => {
      const good = { attestationQuorum: 1, challengeWindow: 60n, sameAuthorityAttestation: true };
      expectLandError(await chain.deliver(mallory, [msg.updateParams(good, mallory.address)]), 24);
      for (const bad of [
        { ...good, attestationQuorum: 0 },
        { ...good, challengeWindow: 0n },
        { ...good, challengeWindow: -5n },
      ]) {
        const res = await chain.govExec([msg.updateParams(bad)]);
        expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "land", code: 36 });
      }
      const res = await chain.govExec([msg.updateParams(good)]);
      expect(res.log).toBe("");
      expect(params(chain)).toEqual(good);
    });

    it("same_authority_attestation lets the parcel's own office attest; quorum 1 and a 60 s window apply", async () => {
      const p5 = await register("geo-5", "KE/NBI/5");
      const t5 = await propose(p5);
      await mustAsOffice(chain, op1, [msg.validate(A, t5), msg.attest(A, t5)]);
      expect(transfer(chain, t5).quorumAt).toBe(now(chain));
      chain.setNextBlockTime(at(chain, 60n));
      await chain.mustDeliver(buyer, [msg.complete(buyer.address, t5)]);
      expect(parcel(chain, p5)).toMatchObject({ holder: buyer.address, status: Status.STATUS_REGISTERED });
    });
  });
});
