import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "../../../src/gen/blockchain/alias/v1/query";
import * as tx from "../../../src/gen/blockchain/alias/v1/tx";
import { deriveAliasId, formatAliasId, parseAliasId } from "../../../src/client/alias-id";
import type { TestChain } from "../../helpers/chain";
import {
  aliasChain,
  aliasOf,
  eventOf,
  expectAliasError,
  gov,
  keys,
  msg,
  onboard,
  query,
  queryCode,
  responseOf,
  restOf,
  type Rest,
} from "./setup";

const { bankA, alice, bob, carol, mallory } = keys;
const R = "/blockchain/alias/v1";

describe("alias identifiers", () => {
  let chain: TestChain;
  let r: Rest;

  beforeAll(async () => {
    chain = await aliasChain();
    r = await restOf(chain);
    await onboard(chain);
  });
  afterAll(async () => {
    await r.rest.close();
    await chain.close();
  });

  it("refuses an identifier before a jurisdiction is recorded (ErrNoJurisdiction 9)", async () => {
    expectAliasError(await chain.deliver(alice, [msg.register(alice.address)]), 9);
    expect((await r.get(`${R}/alias_of/${alice.address}`)).status).toBe(404);
  });

  it("issues one identifier under the recorded country, resolvable both ways and in any form", async () => {
    await chain.mustDeliver(bankA, [msg.setJurisdiction(bankA.address, alice.address, "de")]);
    const res = await chain.mustDeliver(alice, [msg.register(alice.address)]);
    const { id } = responseOf(res, tx.MsgRegisterAliasResponse);
    expect(id).toMatch(/^DE[0-9A-HJKMNP-TV-Z]{9}$/);
    expect(parseAliasId(id).id).toBe(id);
    expect(eventOf(res, "alias_issued")).toMatchObject({ id, address: alice.address });

    const record = { id, address: alice.address, registered_at_height: res.height.toString() };
    expect(await r.get(`${R}/alias_of/${alice.address}`)).toEqual({ status: 200, body: { alias: record } });
    expect(await r.get(`${R}/alias/${id}`)).toEqual({ status: 200, body: { alias: record } });
    // Display form, lower case, confusables: all the same identifier.
    const display = formatAliasId(id).toLowerCase();
    expect(await r.get(`${R}/alias/${display}`)).toEqual({ status: 200, body: { alias: record } });
    const confusable = id.slice(0, 2) + id.slice(2).replace(/1/g, "l").replace(/0/g, "o");
    expect((await r.get(`${R}/alias/${confusable}`)).body).toEqual({ alias: record });
    expect(await r.get(`${R}/retired/${id}`)).toEqual({ status: 200, body: { retired: false } });
  });

  it("refuses a second identifier (ErrAlreadyRegistered 2)", async () => {
    expectAliasError(await chain.deliver(alice, [msg.register(alice.address)]), 2);
  });

  it("rotation retires the identifier for good and issues a new one", async () => {
    const old = aliasOf(chain, alice.address).id;
    const res = await chain.mustDeliver(alice, [msg.rotate(alice.address)]);
    const out = responseOf(res, tx.MsgRotateAliasResponse);
    expect(out.retired).toBe(old);
    expect(out.id).not.toBe(old);
    expect(out.id.startsWith("DE")).toBe(true);
    expect(aliasOf(chain, alice.address).id).toBe(out.id);
    expect(await r.get(`${R}/retired/${old}`)).toEqual({ status: 200, body: { retired: true } });
    const gone = await r.get(`${R}/alias/${old}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toMatch(/retired/);
    // ABCI queries answer with the gRPC status the SDK maps module errors to (NotFound → sdk 22).
    expect(() => query(chain, "Alias", q.QueryAliasRequest, { id: old }, q.QueryAliasResponse)).toThrow(
      /code = NotFound desc = identifier .* is retired: not found/,
    );
  });

  it("refuses rotation without an identifier (ErrNotRegistered 3) and answers a malformed id with ErrMalformedID 5", async () => {
    expectAliasError(await chain.deliver(bob, [msg.rotate(bob.address)]), 3);
    expect(() => query(chain, "Alias", q.QueryAliasRequest, { id: "DE-NOT-AN-ID" }, q.QueryAliasResponse)).toThrow(
      /InvalidArgument.*malformed alias identifier/,
    );
    expect(queryCode(() => query(chain, "Retired", q.QueryRetiredRequest, { id: "12345" }, q.QueryRetiredResponse))).toBe(18);
    expect(await r.get(`${R}/alias/DE-NOT-AN-ID`)).toEqual({
      status: 400,
      body: { code: 3, message: "check character does not match (mistyped identifier): malformed alias identifier", details: [] },
    });
    const id = aliasOf(chain, alice.address).id;
    const typo = id.slice(0, 4) + id[5] + id[4] + id.slice(6);
    if (typo !== id) expect((await r.get(`${R}/alias/${typo}`)).status).toBe(400);
    expect((await r.get(`${R}/alias/${id.slice(0, -1)}`)).status).toBe(400);
  });

  it("correcting a jurisdiction retires the identifier and issues one under the new country", async () => {
    await chain.mustDeliver(bankA, [msg.setJurisdiction(bankA.address, carol.address, "FR")]);
    const first = responseOf(await chain.mustDeliver(carol, [msg.register(carol.address)]), tx.MsgRegisterAliasResponse).id;
    expect(first.startsWith("FR")).toBe(true);
    expect((await chain.govExec([msg.setJurisdiction(gov, carol.address, "IT")])).log).toBe("");
    const now = aliasOf(chain, carol.address).id;
    expect(now).toBe(deriveAliasId("IT", carol.address, 0n, 8));
    expect(query(chain, "Retired", q.QueryRetiredRequest, { id: first }, q.QueryRetiredResponse).retired).toBe(true);
  });

  it("params: governance alone (ErrInvalidSigner 8), zero or oversized payload_length refused (ErrInvalidParams 6)", async () => {
    expectAliasError(await chain.deliver(mallory, [msg.params(10, mallory.address)]), 8);
    expect(await chain.govExec([msg.params(0)])).toMatchObject({ codespace: "alias", code: 6 });
    expect(await chain.govExec([msg.params(33)])).toMatchObject({ codespace: "alias", code: 6 });
    expect(await r.get(`${R}/params`)).toEqual({ status: 200, body: { params: { payload_length: 8 } } });
  });

  it("rotations never reissue an identifier: each takes the next free nonce", async () => {
    await chain.mustDeliver(bankA, [msg.setJurisdiction(bankA.address, bob.address, "DE")]);
    expect(responseOf(await chain.mustDeliver(bob, [msg.register(bob.address)]), tx.MsgRegisterAliasResponse).id).toBe(
      deriveAliasId("DE", bob.address, 0n, 8),
    );
    for (let nonce = 1n; nonce <= 4n; nonce++) {
      const out = responseOf(await chain.mustDeliver(bob, [msg.rotate(bob.address)]), tx.MsgRotateAliasResponse);
      expect(out).toEqual({ retired: deriveAliasId("DE", bob.address, nonce - 1n, 8), id: deriveAliasId("DE", bob.address, nonce, 8) });
    }
  });
});
