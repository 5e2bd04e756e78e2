import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as tx from "../../../src/gen/blockchain/land/v1/tx";
import { restHarness, type RestHarness } from "../rest/setup";
import { DENOM } from "../../helpers/chain";
import { accAddress } from "../../../src/types/address";
import { WINDOW, admit, at, createOffice, innerResponse, keys, msg, mustAsOffice, now, responseOf } from "./setup";

// Every land query read back through REST with the exact grpc-gateway JSON: snake_case names,
// 64-bit integers as strings, enums by name, zero values present.

const R = "/blockchain/land/v1";
const notFound = (message: string) => ({ status: 404, body: { code: 5, message, details: [] } });
const badArgument = (message: string) => ({ status: 400, body: { code: 3, message, details: [] } });

describe("land through REST", () => {
  let h: RestHarness;
  let A: string;
  let B: string;
  let C: string;
  let registeredAt: bigint;
  let proposedAt: bigint;
  let quorumAt: bigint;
  let grantedAt: bigint;
  const { op1, op2, op3, holder, buyer, mallory } = keys;
  const REF = "NAIROBI/BLOCK 7/1234";

  beforeAll(async () => {
    const funded = Object.fromEntries(Object.keys(keys).map((n) => [`land/${n}`, [{ denom: DENOM, amount: "1000000000" }]]));
    h = await restHarness({ funded, mutateGenesis: (s) => (s.land.params.challenge_window = WINDOW.toString()) });
    A = await createOffice(h.chain, op1);
    B = await createOffice(h.chain, op2);
    C = await createOffice(h.chain, op3);
    await admit(h.chain, A, "KE", "Nairobi Lands Registry");
    await admit(h.chain, B, "KE", "Mombasa Lands Registry");
    await admit(h.chain, C, "TZ", "Dar es Salaam Registry", false);
  });
  afterAll(async () => h.close());

  const get = (path: string) => h.get(R + path).then((r) => ({ status: r.status, body: r.body }));

  it("params: the defaults with the genesis window", async () => {
    expect(await get("/params")).toEqual({
      status: 200,
      body: { params: { attestation_quorum: 2, challenge_window: "3600", same_authority_attestation: false } },
    });
  });

  it("authorities, in the order of the address bytes", async () => {
    const offices = [
      { address: A, name: "Nairobi Lands Registry", jurisdiction: "KE", active: true },
      { address: B, name: "Mombasa Lands Registry", jurisdiction: "KE", active: true },
      { address: C, name: "Dar es Salaam Registry", jurisdiction: "TZ", active: false },
    ].sort((x, y) => Buffer.compare(accAddress.decode(x.address), accAddress.decode(y.address)));
    expect(await get("/authorities")).toEqual({ status: 200, body: { authorities: offices, pagination: { next_key: null, total: "3" } } });
  });

  const parcelJson = (over: Record<string, unknown> = {}) => ({
    id: "1",
    geometry_hash: "sha256:9f2c",
    cadastral_ref: REF,
    holder: holder.address,
    authority: A,
    status: "STATUS_REGISTERED",
    encumbrances: [],
    registered_at: registeredAt.toString(),
    deeds: [],
    restrictions: [],
    vehicle_id: "0",
    freezes: [],
    ...over,
  });

  it("a parcel by id, by cadastral reference (slashes and spaces in the query string), by geometry, by holder", async () => {
    const res = await mustAsOffice(h.chain, op1, [msg.registerParcel(A, "sha256:9f2c", REF, holder.address)]);
    expect(innerResponse(res, tx.MsgRegisterParcelResponse).id).toBe(1n);
    registeredAt = res.height;
    expect(await get("/parcel/1")).toEqual({ status: 200, body: { parcel: parcelJson() } });
    expect(await get(`/parcel_by_ref?cadastral_ref=${encodeURIComponent(REF)}`)).toEqual({ status: 200, body: { parcel: parcelJson() } });
    expect(await get("/parcel_by_geometry?geometry_hash=sha256%3A9f2c")).toEqual({ status: 200, body: { parcel: parcelJson() } });
    expect(await get(`/parcels_by_holder/${holder.address}`)).toEqual({
      status: 200,
      body: { parcels: [parcelJson()], pagination: { next_key: null, total: "1" } },
    });
    expect(await get(`/parcels_by_holder/${buyer.address}`)).toEqual({
      status: 200,
      body: { parcels: [], pagination: { next_key: null, total: "0" } },
    });
  });

  it("not found and bad arguments", async () => {
    expect(await get("/parcel/7")).toEqual(notFound("parcel 7 not found"));
    expect(await get("/parcel_by_ref?cadastral_ref=NAIROBI%2FBLOCK%207")).toEqual(
      notFound('parcel with cadastral_ref "NAIROBI/BLOCK 7" not found'),
    );
    expect(await get("/parcel_by_ref")).toEqual(badArgument("cadastral_ref cannot be empty"));
    expect(await get("/parcel_by_geometry?geometry_hash=nope")).toEqual(notFound('parcel with geometry_hash "nope" not found'));
    expect(await get("/transfer/1")).toEqual(notFound("transfer 1 not found"));
    expect(await get("/transfers_by_parcel/7")).toEqual(notFound("parcel 7 not found"));
    expect(await get("/fractionalisation_authority/1")).toEqual(notFound("parcel 1 has no fractionalisation authorisation"));
    expect(await get("/parcels_by_holder/nobody")).toEqual(badArgument('invalid holder: "nobody"'));
  });

  it("history entries, freezes and the permission", async () => {
    const history = await mustAsOffice(h.chain, op1, [
      msg.deed(A, 1n),
      msg.encumber(A, 1n, { holder: mallory.address }),
      msg.restrict(A, 1n, { kind: "foreign_ownership_capped", value: "49%", detail: "statute" }),
      msg.freeze(A, 1n, "court order"),
      msg.freeze(A, 1n, "order discharged", true),
    ]);
    // Stamps on records are block heights; expires_at is Unix seconds.
    const t = history.height.toString();
    grantedAt = (
      await mustAsOffice(h.chain, op1, [msg.authorise(A, 1n, { right: "revenue share", maxShareBps: 4000, expiresAt: 1_900_000_000n })])
    ).height;
    expect(await get("/parcel/1")).toEqual({
      status: 200,
      body: {
        parcel: parcelJson({
          deeds: [
            { kind: "grant", document_hash: "sha256:ab12", uri: "ipfs://deed", reference: "G-1", issued_on: "2020-01-02", recorded_at: t },
          ],
          encumbrances: [{ kind: "mortgage", holder: mallory.address, detail: "first charge", recorded_at: t, released: false }],
          restrictions: [
            { kind: "foreign_ownership_capped", value: "49%", detail: "statute", imposed_by: A, imposed_at: t, lifted: false },
          ],
          freezes: [
            {
              reason: "court order",
              imposed_by: A,
              imposed_at: t,
              lifted: true,
              lifted_by: A,
              lift_reason: "order discharged",
              lifted_at: t,
            },
          ],
        }),
      },
    });
    expect(await get("/fractionalisation_authority/1")).toEqual({
      status: 200,
      body: {
        authorisation: {
          parcel_id: "1",
          right: "revenue share",
          max_share_bps: 4000,
          expires_at: "1900000000",
          granted_by: A,
          granted_at: grantedAt.toString(),
          withdrawn: false,
          withdrawn_at: "0",
        },
        live: true,
      },
    });
  });

  const transferJson = (over: Record<string, unknown> = {}) => ({
    id: "1",
    parcel_id: "1",
    from: holder.address,
    to: buyer.address,
    price: "KES 9,000,000",
    validated: false,
    validated_by: "",
    attestors: [],
    quorum_at: "0",
    objected_by: "",
    objection_reason: "",
    proposed_at: proposedAt.toString(),
    completed_at: "0",
    ...over,
  });

  it("a transfer through its stages: transfer, pending_transfers, transfers_by_parcel", async () => {
    const res = await h.chain.mustDeliver(holder, [msg.propose(holder.address, 1n, buyer.address, "KES 9,000,000")]);
    expect(responseOf(res, tx.MsgProposeTransferResponse).transferId).toBe(1n);
    proposedAt = res.height;
    expect(await get("/transfer/1")).toEqual({ status: 200, body: { transfer: transferJson() } });
    expect((await get("/parcel/1")).body.parcel.status).toBe("STATUS_TRANSFER_PENDING");
    await mustAsOffice(h.chain, op1, [msg.validate(A, 1n)]);
    await mustAsOffice(h.chain, op2, [msg.attest(B, 1n)]);
    await h.chain.govExec([msg.updateParams({ attestationQuorum: 1, challengeWindow: WINDOW, sameAuthorityAttestation: false })]);
    // Quorum lowered below the count already reached: the next attestation starts the window.
    await h.chain.govExec([msg.registerAuthority(C, "TZ", "Dar es Salaam Registry", true)]);
    await mustAsOffice(h.chain, op3, [msg.attest(C, 1n)]);
    quorumAt = now(h.chain);
    const attested = transferJson({ validated: true, validated_by: A, attestors: [B, C], quorum_at: quorumAt.toString() });
    expect(await get("/transfer/1")).toEqual({ status: 200, body: { transfer: attested } });
    expect(await get("/pending_transfers")).toEqual({
      status: 200,
      body: { transfers: [attested], pagination: { next_key: null, total: "1" } },
    });
    h.chain.setNextBlockTime(at(h.chain, WINDOW));
    await h.chain.mustDeliver(buyer, [msg.complete(buyer.address, 1n)]);
    const done = { ...attested, completed_at: now(h.chain).toString() };
    expect(await get("/transfer/1")).toEqual({ status: 200, body: { transfer: done } });
    expect(await get("/pending_transfers")).toEqual({ status: 200, body: { transfers: [], pagination: { next_key: null, total: "0" } } });
    expect(await get("/transfers_by_parcel/1")).toEqual({
      status: 200,
      body: { transfers: [done], pagination: { next_key: null, total: "1" } },
    });
    expect(await get(`/parcels_by_holder/${holder.address}`)).toEqual({
      status: 200,
      body: { parcels: [], pagination: { next_key: null, total: "0" } },
    });
    expect(
      (await get(`/parcels_by_holder/${buyer.address}`)).body.parcels.map((p: { holder: string; status: string }) => [p.holder, p.status]),
    ).toEqual([[buyer.address, "STATUS_REGISTERED"]]);
  });

  it("a disputed transfer reads back with its objection", async () => {
    await h.chain.mustDeliver(buyer, [msg.propose(buyer.address, 1n, holder.address, "")]);
    await h.chain.mustDeliver(mallory, [msg.object(mallory.address, 2n, "forged consent")]);
    const body = (await get("/transfer/2")).body.transfer;
    expect(body).toMatchObject({
      id: "2",
      from: buyer.address,
      to: holder.address,
      price: "",
      objected_by: mallory.address,
      objection_reason: "forged consent",
      completed_at: "0",
    });
    expect((await get("/parcel/1")).body.parcel.status).toBe("STATUS_DISPUTED");
    expect(
      (await get("/transfers_by_parcel/1?pagination.limit=1&pagination.reverse=true")).body.transfers.map((t: { id: string }) => t.id),
    ).toEqual(["2"]);
  });
});
