import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as tx from "cosmjs-types/cosmos/nft/v1beta1/tx";
import { exportAppState } from "../../../src/app/genesis";
import { createRestServer, DevBackend } from "../../../src/rest";
import { accAddress } from "../../../src/types/address";
import { silentLogger } from "../../../src/types/logger";
import { DENOM, TestChain, pack } from "../../helpers/chain";
import { eventOf, moduleChain, moduleErrorExpecter, moduleKeys } from "../../helpers/module-setup";

const keys = moduleKeys("nft", ["alice", "bob", "mallory"]);
const { alice, bob, mallory } = keys;
const expectNftError = moduleErrorExpecter("nft");

const classes = [
  {
    id: "land:parcel",
    name: "Parcels",
    symbol: "PCL",
    description: "Land titles",
    uri: "https://registry.example/parcels",
    uri_hash: "abc",
    data: null,
  },
  { id: "art", name: "Art", symbol: "ART", description: "", uri: "", uri_hash: "", data: null },
];
const token = (classId: string, id: string) => ({ class_id: classId, id, uri: `ipfs://${id}`, uri_hash: "", data: null });

function nftSection() {
  return {
    classes,
    entries: [{ owner: alice.address, nfts: [token("art", "a1"), token("land:parcel", "p1"), token("land:parcel", "p2")] }],
  };
}

const send = (sender: string, classId: string, id: string, receiver: string) =>
  pack("/cosmos.nft.v1beta1.MsgSend", tx.MsgSend, { classId, id, sender, receiver });

describe("nft (cosmos.nft.v1beta1)", () => {
  let chain: TestChain;
  let rest: FastifyInstance;
  const get = async (url: string) => {
    const res = await rest.inject({ method: "GET", url });
    return { status: res.statusCode, body: JSON.parse(res.payload) };
  };

  beforeAll(async () => {
    chain = await moduleChain("nft", Object.keys(keys), [{ denom: DENOM, amount: "1000000000" }], (s) => {
      s.nft = nftSection();
    });
    rest = createRestServer({ app: chain.app, node: new DevBackend(chain.engine, chain.app), logger: silentLogger });
    await rest.ready();
  });
  afterAll(async () => {
    await rest.close();
    await chain.close();
  });

  it("genesis classes and NFTs read back through REST as grpc-gateway JSON", async () => {
    expect(await get("/cosmos/nft/v1beta1/classes")).toEqual({
      status: 200,
      body: { classes: [classes[1], classes[0]], pagination: { next_key: null, total: "2" } },
    });
    expect(await get("/cosmos/nft/v1beta1/classes/art")).toEqual({ status: 200, body: { class: classes[1] } });
    expect(await get("/cosmos/nft/v1beta1/nfts/land:parcel/p1")).toEqual({ status: 200, body: { nft: token("land:parcel", "p1") } });
    expect(await get("/cosmos/nft/v1beta1/owner/land:parcel/p1")).toEqual({ status: 200, body: { owner: alice.address } });
    expect(await get("/cosmos/nft/v1beta1/supply/land:parcel")).toEqual({ status: 200, body: { amount: "2" } });
    expect(await get(`/cosmos/nft/v1beta1/balance/${alice.address}/land:parcel`)).toEqual({ status: 200, body: { amount: "2" } });
    expect(await get(`/cosmos/nft/v1beta1/nfts?owner=${alice.address}`)).toEqual({
      status: 200,
      body: {
        nfts: [token("art", "a1"), token("land:parcel", "p1"), token("land:parcel", "p2")],
        pagination: { next_key: null, total: "3" },
      },
    });
    expect(await get("/cosmos/nft/v1beta1/nfts?class_id=land:parcel")).toEqual({
      status: 200,
      body: { nfts: [token("land:parcel", "p1"), token("land:parcel", "p2")], pagination: { next_key: null, total: "2" } },
    });
    expect((await get("/cosmos/nft/v1beta1/nfts")).status).toBe(400);
    expect(await get("/cosmos/nft/v1beta1/owner/art/none")).toEqual({ status: 200, body: { owner: "" } });
    expect(await get("/cosmos/nft/v1beta1/nfts/art/none")).toEqual({
      status: 404,
      body: { code: 5, message: "not found nft: class: art, id: none: nft does not exist", details: [] },
    });
    expect(await get("/cosmos/nft/v1beta1/classes/none")).toEqual({
      status: 404,
      body: { code: 5, message: "not found class: none: nft class does not exist", details: [] },
    });
  });

  it("the owner sends an NFT; owner, balances, index and EventSend follow", async () => {
    const res = await chain.mustDeliver(alice, [send(alice.address, "land:parcel", "p2", bob.address)]);
    expect(eventOf(res, "cosmos.nft.v1beta1.EventSend")).toEqual({
      class_id: JSON.stringify("land:parcel"),
      id: JSON.stringify("p2"),
      sender: JSON.stringify(alice.address),
      receiver: JSON.stringify(bob.address),
    });
    expect(await get("/cosmos/nft/v1beta1/owner/land:parcel/p2")).toEqual({ status: 200, body: { owner: bob.address } });
    expect((await get(`/cosmos/nft/v1beta1/balance/${alice.address}/land:parcel`)).body).toEqual({ amount: "1" });
    expect((await get(`/cosmos/nft/v1beta1/balance/${bob.address}/land:parcel`)).body).toEqual({ amount: "1" });
    expect((await get(`/cosmos/nft/v1beta1/nfts?owner=${bob.address}&class_id=land:parcel`)).body.nfts).toEqual([
      token("land:parcel", "p2"),
    ]);
    expect((await get("/cosmos/nft/v1beta1/supply/land:parcel")).body).toEqual({ amount: "2" });
  });

  it("refuses a sender who does not own the NFT (sdk 4), empty ids (nft 7, 8), and a bad receiver (sdk 7)", async () => {
    const notOwner = await chain.deliver(mallory, [send(mallory.address, "land:parcel", "p1", mallory.address)]);
    expect({ codespace: notOwner.codespace, code: notOwner.code }).toEqual({ codespace: "sdk", code: 4 });
    const missing = await chain.deliver(mallory, [send(mallory.address, "land:parcel", "nope", mallory.address)]);
    expect({ codespace: missing.codespace, code: missing.code }).toEqual({ codespace: "sdk", code: 4 });
    expectNftError(await chain.deliver(alice, [send(alice.address, "", "p1", bob.address)]), 7);
    expectNftError(await chain.deliver(alice, [send(alice.address, "land:parcel", "", bob.address)]), 8);
    const badReceiver = await chain.deliver(alice, [send(alice.address, "land:parcel", "p1", "not-an-address")]);
    expect({ codespace: badReceiver.codespace, code: badReceiver.code }).toEqual({ codespace: "sdk", code: 7 });
    expect((await get("/cosmos/nft/v1beta1/owner/land:parcel/p1")).body).toEqual({ owner: alice.address });
  });

  it("the keeper interface: hasClass, hasNft, saveClass and mint with EventMint (nft 3, 4, 5)", () => {
    const k = (
      chain.app.modules.modules.find((m) => m.name === "nft") as unknown as { keeper: import("../../../src/modules/nft").NftKeeper }
    ).keeper;
    const ctx = chain.app.queryContext();
    expect(k.hasClass(ctx, "art")).toBe(true);
    expect(k.hasClass(ctx, "none")).toBe(false);
    expect(k.hasNft(ctx, "art", "a1")).toBe(true);
    expect(k.hasNft(ctx, "art", "a2")).toBe(false);
    expect(() => k.saveClass(ctx, { id: "art", name: "", symbol: "", description: "", uri: "", uriHash: "" })).toThrow(/already exists/);
    expect(() => k.mint(ctx, { classId: "none", id: "x", uri: "", uriHash: "" }, bob.address)).toThrow(/class does not exist/);
    expect(() => k.mint(ctx, { classId: "art", id: "a1", uri: "", uriHash: "" }, bob.address)).toThrow(/nft already exists/);
  });

  it("genesis export gives back what was imported, with the sends applied", () => {
    const exported = exportAppState(chain.app.queryContext(), chain.app.modules.modules).nft as Record<string, unknown>;
    // Owners in store order: by address bytes.
    const [first, second] = [alice.address, bob.address].sort((x, y) => Buffer.compare(accAddress.decode(x), accAddress.decode(y)));
    const byOwner: Record<string, unknown[]> = {
      [alice.address]: [token("art", "a1"), token("land:parcel", "p1")],
      [bob.address]: [token("land:parcel", "p2")],
    };
    expect(exported).toEqual({
      classes: [classes[1], classes[0]],
      entries: [
        { owner: first, nfts: byOwner[first!] },
        { owner: second, nfts: byOwner[second!] },
      ],
    });
  });

  it("export -> import gives the same nft state and the same app hash", async () => {
    const imported = async (state: Record<string, any>) =>
      TestChain.create({
        funded: {},
        mutateGenesis: (s) => {
          for (const key of Object.keys(s)) delete s[key];
          Object.assign(s, structuredClone(state));
        },
      });
    const exported = chain.app.exportAppState() as Record<string, any>;
    const b = await imported(exported);
    const reexported = b.app.exportAppState() as Record<string, any>;
    const c = await imported(reexported);
    try {
      expect(reexported.nft).toEqual(exported.nft);
      expect(Buffer.from(c.app.store.lastAppHash).toString("hex")).toBe(Buffer.from(b.app.store.lastAppHash).toString("hex"));
      await b.mustDeliver(bob, [send(bob.address, "land:parcel", "p2", alice.address)]);
      expect(b.app.exportAppState().nft).toMatchObject({
        entries: [{ nfts: [token("art", "a1"), token("land:parcel", "p1"), token("land:parcel", "p2")] }],
      });
    } finally {
      await b.close();
      await c.close();
    }
  });

  it("ids containing NUL are refused before they reach a store key (sdk 18)", async () => {
    const res = await chain.deliver(alice, [send(alice.address, "art\u0000x", "a1", bob.address)]);
    expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 18 });
    expect((await get("/cosmos/nft/v1beta1/supply/art%00x")).status).toBe(400);
  });
});
