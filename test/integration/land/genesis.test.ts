import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGenesis } from "../../helpers/genesis-import";
import { type GenesisDoc } from "../../../src/abci/genesis-doc";
import { GenesisState } from "../../../src/gen/blockchain/land/v1/genesis";
import { Status } from "../../../src/gen/blockchain/land/v1/parcel";
import * as q from "../../../src/gen/blockchain/land/v1/query";
import * as tx from "../../../src/gen/blockchain/land/v1/tx";
import { validateLandGenesis } from "../../../src/modules/land/genesis";
import { DENOM, type TestChain } from "../../helpers/chain";
import { moduleChain } from "../../helpers/module-setup";
import { exec } from "../authz/setup";
import {
  Q,
  WINDOW,
  admit,
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

describe("land genesis export and import", () => {
  let chain: TestChain;
  let A: string;
  let B: string;
  let C: string;
  const { op1, op2, op3, holder, buyer, mallory } = keys;

  beforeAll(async () => {
    chain = await landChain();
    A = await createOffice(chain, op1);
    B = await createOffice(chain, op2);
    C = await createOffice(chain, op3);
    await admit(chain, A, "KE", "Nairobi");
    await admit(chain, B, "TZ", "Dar es Salaam");
    await admit(chain, C, "UG", "Kampala");
    await admit(chain, C, "UG", "Kampala", false);
    for (const i of [1, 2, 3, 4]) await mustAsOffice(chain, op1, [msg.registerParcel(A, `geo-${i}`, `KE/G/${i}`, holder.address)]);
    await mustAsOffice(chain, op1, [
      msg.deed(A, 1n),
      msg.encumber(A, 1n),
      msg.encumber(A, 1n, { release: true, index: 0 }),
      msg.restrict(A, 1n, { kind: "customary_tenure" }),
      msg.freeze(A, 1n, "caveat"),
      msg.freeze(A, 1n, "", true),
      msg.authorise(A, 1n, { expiresAt: 1_900_000_000n }),
      msg.authorise(A, 2n, { expiresAt: 1_900_000_000n }),
      msg.authorise(A, 2n, { withdraw: true }),
      msg.freeze(A, 4n, "court order"),
    ]);
    // Transfer 1 completes, 2 is disputed, 3 is pending with one attestation.
    for (const p of [1n, 2n, 3n]) await chain.mustDeliver(holder, [msg.propose(holder.address, p, buyer.address)]);
    await mustAsOffice(chain, op1, [msg.validate(A, 1n), msg.validate(A, 3n)]);
    await mustAsOffice(chain, op2, [msg.attest(B, 1n), msg.attest(B, 3n)]);
    await chain.govExec([msg.updateParams({ attestationQuorum: 1, challengeWindow: WINDOW, sameAuthorityAttestation: false })]);
    await admit(chain, C, "UG", "Kampala", true);
    await mustAsOffice(chain, op3, [msg.attest(C, 1n)]);
    await chain.mustDeliver(mallory, [msg.object(mallory.address, 2n, "fraud")]);
    chain.setNextBlockTime(at(chain, WINDOW));
    await chain.mustDeliver(buyer, [msg.complete(buyer.address, 1n)]);
    await chain.govExec([msg.updateParams({ attestationQuorum: 2, challengeWindow: WINDOW, sameAuthorityAttestation: false })]);
  });
  afterAll(async () => chain.close());

  it("exports every record in proto JSON", () => {
    const exported = chain.app.exportAppState().land as Record<string, any>;
    expect(exported.params).toEqual({ attestation_quorum: 2, challenge_window: "3600", same_authority_attestation: false });
    expect(exported.authorities).toHaveLength(3);
    expect(exported.parcels.map((p: any) => [p.id, p.status, p.holder])).toEqual([
      ["1", "STATUS_REGISTERED", buyer.address],
      ["2", "STATUS_DISPUTED", holder.address],
      ["3", "STATUS_TRANSFER_PENDING", holder.address],
      ["4", "STATUS_FROZEN", holder.address],
    ]);
    expect(exported.transfers.map((t: any) => [t.id, t.completed_at !== "0", t.objected_by])).toEqual([
      ["1", true, ""],
      ["2", false, mallory.address],
      ["3", false, ""],
    ]);
    expect([exported.next_parcel_id, exported.next_transfer_id]).toEqual(["5", "4"]);
    expect(exported.fractionalisation_authorities.map((a: any) => [a.parcel_id, a.withdrawn])).toEqual([
      ["1", false],
      ["2", true],
    ]);
  });

  it("InitChain from the whole export gives the exporting chain's app hash", async () => {
    const doc: GenesisDoc = { ...chain.genesis, app_state: chain.app.exportAppState() as Record<string, unknown> };
    const imported = await importGenesis(doc);
    expect(imported.appHash).toBe(Buffer.from(chain.app.store.lastAppHash).toString("hex"));
  });

  it("an imported registry carries on: pending transfer completes, ids continue, uniqueness and permissions hold", async () => {
    const state = chain.app.exportAppState() as Record<string, any>;
    // Offices are group policies acting through authz grants: those sections come along.
    const imported = await moduleChain("land", Object.keys(keys), [{ denom: DENOM, amount: "1000000000" }], (s) => {
      s.group = state.group;
      s.authz = state.authz;
      s.land = state.land;
    });
    try {
      for (const id of [1n, 2n, 3n, 4n]) expect(parcel(imported, id)).toEqual(parcel(chain, id));
      for (const id of [1n, 2n, 3n]) expect(transfer(imported, id)).toEqual(transfer(chain, id));
      expect(permission(imported, 1n)).toEqual(permission(chain, 1n));
      const pending = imported.query(
        Q + "PendingTransfers",
        q.QueryPendingTransfersRequest,
        { pagination: undefined },
        q.QueryPendingTransfersResponse,
      );
      expect(pending.transfers.map((t) => t.id)).toEqual([3n]);
      // Uniqueness indexes were rebuilt.
      expectLandError(await imported.deliver(op1, [exec(op1.address, [msg.registerParcel(A, "geo-1", "NEW/1", holder.address)])]), 6);
      expectLandError(await imported.deliver(op1, [exec(op1.address, [msg.registerParcel(A, "geo-new", "KE/G/2", holder.address)])]), 7);
      const res = await mustAsOffice(imported, op1, [msg.registerParcel(A, "geo-5", "KE/G/5", buyer.address)]);
      expect(innerResponse(res, tx.MsgRegisterParcelResponse).id).toBe(5n);
      // The pending transfer reaches quorum and completes after the window.
      await mustAsOffice(imported, op3, [msg.attest(C, 3n)]);
      expect(transfer(imported, 3n).quorumAt).toBe(now(imported));
      imported.setNextBlockTime(at(imported, WINDOW));
      await imported.mustDeliver(buyer, [msg.complete(buyer.address, 3n)]);
      expect(parcel(imported, 3n)).toMatchObject({ holder: buyer.address, status: Status.STATUS_REGISTERED });
      const t = await imported.mustDeliver(buyer, [msg.propose(buyer.address, 3n, holder.address)]);
      expect(responseOf(t, tx.MsgProposeTransferResponse).transferId).toBe(4n);
      // The frozen parcel stays frozen.
      expectLandError(await imported.deliver(holder, [msg.propose(holder.address, 4n, buyer.address)]), 10);
    } finally {
      await imported.close();
    }
  });

  it("InitGenesis refuses an office that is not a group policy account (32)", async () => {
    await expect(
      landChain((land) => {
        land.authorities = [{ address: keys.other.address, name: "x", jurisdiction: "KE", active: true }];
      }),
    ).rejects.toThrow(/group/);
  });
});

describe("land genesis validation", () => {
  const office = keys.op1.address;
  const base = (): GenesisState =>
    GenesisState.fromPartial({
      params: { attestationQuorum: 2, challengeWindow: 60n, sameAuthorityAttestation: false },
      authorities: [{ address: office, name: "A", jurisdiction: "KE", active: true }],
      parcels: [
        {
          id: 1n,
          geometryHash: "g1",
          cadastralRef: "r1",
          holder: keys.holder.address,
          authority: office,
          status: Status.STATUS_TRANSFER_PENDING,
        },
        {
          id: 2n,
          geometryHash: "g2",
          cadastralRef: "r2",
          holder: keys.holder.address,
          authority: office,
          status: Status.STATUS_REGISTERED,
        },
      ],
      transfers: [{ id: 1n, parcelId: 1n, from: keys.holder.address, to: keys.buyer.address, proposedAt: 5n }],
      nextParcelId: 3n,
      nextTransferId: 2n,
      fractionalisationAuthorities: [{ parcelId: 2n, right: "lease", maxShareBps: 100, expiresAt: 10n }],
    });

  it("accepts a consistent state", () => {
    expect(() => validateLandGenesis(base())).not.toThrow();
  });

  it.each<[string, (g: GenesisState) => void, RegExp]>([
    ["bad params", (g) => (g.params!.attestationQuorum = 0), /attestation_quorum/],
    ["an unassigned jurisdiction", (g) => (g.authorities[0]!.jurisdiction = "XX"), /jurisdiction/],
    ["a lower-case jurisdiction (state holds the upper-case form)", (g) => (g.authorities[0]!.jurisdiction = "ke"), /jurisdiction/],
    ["a duplicate office", (g) => g.authorities.push(g.authorities[0]!), /twice/],
    ["a parcel id at next_parcel_id", (g) => (g.nextParcelId = 2n), /outside/],
    ["a duplicate geometry", (g) => (g.parcels[1]!.geometryHash = "g1"), /geometry_hash/],
    ["a duplicate cadastral ref", (g) => (g.parcels[1]!.cadastralRef = "r1"), /cadastral_ref/],
    ["an unknown office", (g) => (g.parcels[1]!.authority = keys.other.address), /unknown office/],
    ["STATUS_UNSPECIFIED", (g) => (g.parcels[1]!.status = Status.STATUS_UNSPECIFIED), /UNSPECIFIED/],
    ["a status its transfers contradict", (g) => (g.parcels[0]!.status = Status.STATUS_REGISTERED), /should be/],
    ["a transfer of an unknown parcel", (g) => (g.transfers[0]!.parcelId = 9n), /unknown parcel/],
    ["a transfer id at next_transfer_id", (g) => (g.nextTransferId = 1n), /outside/],
    [
      "two open transfers on a parcel",
      (g) => {
        g.transfers.push({ ...g.transfers[0]!, id: 2n });
        g.nextTransferId = 3n;
      },
      /two open/,
    ],
    ["a ceiling of 0", (g) => (g.fractionalisationAuthorities[0]!.maxShareBps = 0), /max_share_bps/],
    ["a permission for an unknown parcel", (g) => (g.fractionalisationAuthorities[0]!.parcelId = 7n), /unknown parcel/],
  ])("refuses %s", (_label, mutate, message) => {
    const g = base();
    mutate(g);
    expect(() => validateLandGenesis(g)).toThrow(message);
  });
});
