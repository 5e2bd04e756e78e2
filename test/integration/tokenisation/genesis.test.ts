import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGenesis } from "../../helpers/genesis-import";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { VerificationMode } from "../../../src/gen/blockchain/tokenisation/v1/tokenisation";
import { DENOM, pack, TestChain } from "../../helpers/chain";
import { collection, entitlement, expectTokError, getAsset, keys, msg, mustGov, shareDenom, tokenisationChain } from "./setup";

const { minter, owner, alice, bob, attestor1, attestor2, challenger } = keys;

function rawEntries(chain: TestChain, prefix: string): Array<[string, string]> {
  const lo = Buffer.from(prefix);
  const hi = Buffer.from(prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1));
  const out: Array<[string, string]> = [];
  for (const [k, v] of chain.app.queryContext().store.iterator(lo, hi, false))
    out.push([Buffer.from(k).toString("hex"), Buffer.from(v).toString("hex")]);
  return out;
}

describe("tokenisation genesis: export → import", () => {
  let a: TestChain;
  let b: TestChain;
  let c: TestChain;
  let exported: Record<string, any>;

  beforeAll(async () => {
    a = await tokenisationChain();
    await mustGov(a, [
      msg.createCollection(
        collection({
          verification: VerificationMode.VERIFY_ATTESTORS,
          attestationThreshold: 2,
          attestors: [attestor1.address, attestor2.address],
        }),
      ),
    ]);
    await mustGov(a, [msg.createCollection(collection({ id: "bare", authority: "" }))]);
    await a.mustDeliver(minter, [msg.mint(minter.address, owner.address)]); // 1 HELD
    await a.mustDeliver(minter, [msg.mint(minter.address, owner.address)]); // 2 ACTIVE
    await a.mustDeliver(owner, [msg.fractionalise(owner.address, 2n, "997", 3333)]);
    await a.mustDeliver(owner, [
      pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
        fromAddress: owner.address,
        toAddress: alice.address,
        amount: [{ denom: shareDenom(2n), amount: "331" }],
      }),
    ]);
    await a.mustDeliver(bob, [msg.fund(bob.address, 2n, 123_457n)]);
    await a.mustDeliver(minter, [msg.mint(minter.address, owner.address)]); // 3 REPORTED, attested, disputed
    await a.mustDeliver(owner, [msg.fractionalise(owner.address, 3n, "50", 10_000)]);
    await a.mustDeliver(owner, [msg.report(owner.address, 3n, 9_000n)]);
    await a.mustDeliver(attestor1, [msg.attest(attestor1.address, 3n, 9_000n)]);
    await a.mustDeliver(owner, [msg.payProceeds(owner.address, 3n, 4_000n)]);
    await a.mustDeliver(challenger, [msg.dispute(challenger.address, 3n)]);
    exported = a.app.exportAppState() as Record<string, any>;
    const importAll = (s: Record<string, any>) => {
      for (const k of Object.keys(s)) delete s[k];
      Object.assign(s, structuredClone(exported));
    };
    b = await TestChain.create({ mutateGenesis: importAll });
    c = await TestChain.create({ mutateGenesis: importAll });
  });
  afterAll(async () => {
    await Promise.all([a, b, c].map((x) => x?.close()));
  });

  it("exports every record with the next asset id", () => {
    const t = exported.tokenisation;
    expect(t.next_asset_id).toBe("4");
    expect(t.collections.map((x: any) => x.id)).toEqual(["bare", "estates"]);
    expect(t.assets.map((x: any) => x.status)).toEqual(["STATUS_HELD", "STATUS_ACTIVE", "STATUS_REPORTED"]);
    expect(t.vaults).toHaveLength(2);
    expect(t.positions.length).toBeGreaterThanOrEqual(3);
    expect(t.sale_reports).toHaveLength(1);
    expect(t.sale_reports[0]).toMatchObject({ disputed: true, challenger: challenger.address, attestors: [attestor1.address] });
  });

  it("InitChain from the whole export gives the exporting chain's app hash", async () => {
    const imported = await importGenesis({ ...a.genesis, app_state: a.app.exportAppState() as Record<string, unknown> });
    expect(imported.appHash).toBe(Buffer.from(a.app.store.lastAppHash).toString("hex"));
  });

  it("the imported chain holds byte-identical tokenisation state, and two imports reach the same app hash", () => {
    expect(rawEntries(b, "tokenisation/")).toEqual(rawEntries(a, "tokenisation/"));
    expect(rawEntries(b, "tokenisation/").length).toBeGreaterThan(10);
    expect(Buffer.from(b.app.store.lastAppHash).toString("hex")).toBe(Buffer.from(c.app.store.lastAppHash).toString("hex"));
    expect((b.app.exportAppState() as Record<string, any>).tokenisation).toEqual(exported.tokenisation);
  });

  it("the imported chain carries on: entitlements, the send hook and the pipeline work", async () => {
    for (const h of [owner.address, alice.address]) expect(entitlement(b, 2n, h)).toBe(entitlement(a, 2n, h));
    await b.mustDeliver(alice, [
      pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
        fromAddress: alice.address,
        toAddress: bob.address,
        amount: [{ denom: shareDenom(2n), amount: "31" }],
      }),
    ]);
    const before = entitlement(b, 2n, alice.address);
    await b.mustDeliver(alice, [msg.claim(alice.address, 2n)]);
    expect(b.balance(alice.address, shareDenom(2n))).toBe(300n);
    expect(before).toBeGreaterThan(0n);
    expectTokError(await b.deliver(challenger, [msg.dispute(challenger.address, 3n)]), 16);
    const mintedNext = await b.mustDeliver(minter, [msg.mint(minter.address, owner.address)]);
    expect(mintedNext.code).toBe(0);
    expect(getAsset(b, 4n).asset!.id).toBe(4n);
    expect(b.balance(owner.address, DENOM)).toBeGreaterThan(0n);
  });
});
