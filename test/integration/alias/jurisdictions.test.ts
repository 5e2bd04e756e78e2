import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Role } from "../../../src/gen/blockchain/alias/v1/alias";
import * as tx from "../../../src/gen/blockchain/alias/v1/tx";
import type { TestChain } from "../../helpers/chain";
import { accAddress } from "../../../src/types/address";
import { aliasChain, eventOf, expectAliasError, genesisGrants, gov, keys, msg, onboard, responseOf, restOf, type Rest } from "./setup";

const { bankA, bankB, alice, bob, carol, dave, admin, mallory, foundation } = keys;
const R = "/blockchain/alias/v1";

describe("alias jurisdictions", () => {
  let chain: TestChain;
  let r: Rest;

  beforeAll(async () => {
    // A foundation administrator signing with its own key (genesis asks for no group account).
    chain = await aliasChain(genesisGrants([[admin.address, Role.ROLE_FOUNDATION_ADMINISTRATOR, "*"]]));
    r = await restOf(chain);
    await onboard(chain);
  });
  afterAll(async () => {
    await r.rest.close();
    await chain.close();
  });

  it.each([
    ["ZZ (reserved, the foundation's)", "ZZ"],
    ["XK (user-assigned)", "XK"],
    ["UK (exceptionally reserved)", "UK"],
    ["QQ (two letters, never assigned)", "QQ"],
    ["a three-letter code", "DEU"],
    ["a digit", "D1"],
    ["the chain-wide marker", "*"],
    ["empty", ""],
  ])("refuses %s with ErrInvalidCountry 10", async (_label, country) => {
    expectAliasError(await chain.deliver(bankA, [msg.setJurisdiction(bankA.address, alice.address, country)]), 10);
  });

  it("is never self-declared and never recorded by a stranger or another participant (ErrNotTheRecorder 11)", async () => {
    expectAliasError(await chain.deliver(alice, [msg.setJurisdiction(alice.address, alice.address, "DE")]), 11);
    expectAliasError(await chain.deliver(mallory, [msg.setJurisdiction(mallory.address, alice.address, "DE")]), 11);
    // bankB is an approved participant, but alice banks with bankA.
    expectAliasError(await chain.deliver(bankB, [msg.setJurisdiction(bankB.address, alice.address, "DE")]), 11);
    // The foundation signer is not a foundation administrator by itself.
    expectAliasError(await chain.deliver(foundation, [msg.setJurisdiction(foundation.address, alice.address, "DE")]), 11);
  });

  it("is recorded by the onboarding participant, upper-case, and read back through REST", async () => {
    const res = await chain.mustDeliver(bankA, [msg.setJurisdiction(bankA.address, alice.address, "de")]);
    expect(responseOf(res, tx.MsgSetJurisdictionResponse)).toEqual({ retired: "", id: "" });
    expect(eventOf(res, "alias_jurisdiction_set")).toMatchObject({
      address: alice.address,
      country: "DE",
      previous_country: "",
      recorded_by: bankA.address,
    });
    expect(await r.get(`${R}/jurisdiction/${alice.address}`)).toEqual({
      status: 200,
      body: {
        jurisdiction: { address: alice.address, country: "DE", recorded_by: bankA.address, recorded_at_height: res.height.toString() },
      },
    });
  });

  it("refuses the same country again and a participant's change (ErrJurisdictionSet 12)", async () => {
    expectAliasError(await chain.deliver(bankA, [msg.setJurisdiction(bankA.address, alice.address, "DE")]), 12);
    expectAliasError(await chain.deliver(bankA, [msg.setJurisdiction(bankA.address, alice.address, "FR")]), 12);
  });

  it("is corrected by a foundation administrator or by governance", async () => {
    const res = await chain.mustDeliver(admin, [msg.setJurisdiction(admin.address, alice.address, "FR")]);
    expect(eventOf(res, "alias_jurisdiction_set")).toMatchObject({ country: "FR", previous_country: "DE", recorded_by: admin.address });
    expect((await chain.govExec([msg.setJurisdiction(gov, alice.address, "AT")])).log).toBe("");
    expect((await r.get(`${R}/jurisdiction/${alice.address}`)).body.jurisdiction).toMatchObject({ country: "AT", recorded_by: gov });
    // An administrator also records accounts no participant onboarded.
    await chain.mustDeliver(admin, [msg.setJurisdiction(admin.address, mallory.address, "AT")]);
  });

  it("lists a country's perimeter (records only) with pagination", async () => {
    await chain.mustDeliver(bankA, [
      msg.setJurisdiction(bankA.address, bob.address, "AT"),
      msg.setJurisdiction(bankA.address, carol.address, "BE"),
    ]);
    await chain.mustDeliver(bankB, [msg.setJurisdiction(bankB.address, dave.address, "AT")]);
    const all = await r.get(`${R}/perimeter/at`);
    expect(all.status).toBe(200);
    // In the order of the address bytes (addresses are keyed by their bytes).
    const addresses = [alice, bob, dave, mallory]
      .map((k) => k.address)
      .sort((x, y) => Buffer.compare(accAddress.decode(x), accAddress.decode(y)));
    expect(all.body.jurisdictions.map((j: { address: string }) => j.address)).toEqual(addresses);
    expect(Object.keys(all.body.jurisdictions[0]).sort()).toEqual(["address", "country", "recorded_at_height", "recorded_by"]);
    expect(all.body.pagination).toEqual({ next_key: null, total: "4" });
    const page = await r.get(`${R}/perimeter/AT?pagination.limit=2`);
    expect(page.body.jurisdictions).toHaveLength(2);
    expect(page.body.pagination.next_key).not.toBeNull();
    const next = await r.get(`${R}/perimeter/AT?pagination.key=${encodeURIComponent(page.body.pagination.next_key)}`);
    expect([...page.body.jurisdictions, ...next.body.jurisdictions].map((j: { address: string }) => j.address)).toEqual(addresses);
    expect((await r.get(`${R}/perimeter/BE`)).body.jurisdictions.map((j: { address: string }) => j.address)).toEqual([carol.address]);
    expect(await r.get(`${R}/perimeter/FR`)).toEqual({
      status: 200,
      body: { jurisdictions: [], pagination: { next_key: null, total: "0" } },
    });
    expect((await r.get(`${R}/perimeter/ZZ`)).status).toBe(400);
  });

  it("answers 404 for an account with no record and 400 for a bad address", async () => {
    const none = await r.get(`${R}/jurisdiction/${foundation.address}`);
    expect(none.status).toBe(404);
    expect(none.body.message).toMatch(/no jurisdiction recorded/);
    expect((await r.get(`${R}/jurisdiction/notanaddress`)).status).toBe(400);
  });
});
