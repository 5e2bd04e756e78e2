import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Attestation, ReserveReport } from "../../../src/gen/blockchain/custody/v1/custody";
import type { CustodyKeeper } from "../../../src/modules/custody";
import { pairKey, protoValue, stringKey, tripleKey } from "../../../src/store/codecs";
import type { Module } from "../../../src/types/module";
import type { TestChain } from "../../helpers/chain";
import { expectMigrationRestores, oldKeySet, oldMap, rewrite } from "../../helpers/layout-migration";
import { BTC, custodyChain, keys, msg, setUpAsset, solvency } from "./setup";

/** Consensus version 3: attestor addresses in keys are address bytes (they were bech32 text). */
describe("custody: the 2 -> 3 migration", () => {
  let chain: TestChain;
  const { a1, a2, alice } = keys;
  const custody = () => chain.app.modules.modules.find((m) => m.name === "custody") as Module & { keeper: CustodyKeeper };

  beforeAll(async () => {
    chain = await custodyChain();
    await setUpAsset(chain);
    await chain.mustDeliver(a1, [msg.attest(a1.address, alice.address, "100", "tx1")]);
    await chain.mustDeliver(a2, [msg.attest(a2.address, alice.address, "100", "tx1")]);
    await chain.mustDeliver(a1, [msg.report(a1.address, "100")]);
    await chain.mustDeliver(a2, [msg.report(a2.address, "120")]);
  });
  afterAll(async () => chain.close());

  it("moves the attestor register, attestations and reserve reports to address bytes; solvency is as before", () => {
    const m = custody();
    const k = m.keeper;
    expect(m.consensusVersion).toBe(3);
    const ctx = chain.app.queryContext();
    const reserves = solvency(chain);
    expectMigrationRestores(ctx, m, "custody/", 2, () => {
      const register = oldKeySet("custody/", 3, stringKey);
      for (const a of [...k.attestors.iterate(ctx)]) {
        k.attestors.remove(ctx, a);
        register.set(ctx, a, true);
      }
      rewrite(
        ctx,
        k.attestations,
        oldMap("custody/", 5, tripleKey(stringKey, stringKey, stringKey), protoValue(Attestation)),
        (key) => key,
        (a) => a,
      );
      rewrite(
        ctx,
        k.reserveReports,
        oldMap("custody/", 9, pairKey(stringKey, stringKey), protoValue(ReserveReport)),
        (key) => key,
        (r) => r,
      );
      expect(k.isAttestor(ctx, a1.address)).toBe(false);
    });
    expect(k.isAttestor(ctx, a1.address)).toBe(true);
    expect(k.activeAttestations(ctx, BTC, "tx1")).toBe(2);
    expect(k.solvency(ctx, BTC)).toEqual(reserves.find((s) => s.denom === BTC));
  });

  it("the 1 -> 2 step moves the keys first, so it reads the reports in the current layout", () => {
    const m = custody();
    const k = m.keeper;
    const ctx = chain.app.queryContext();
    rewrite(
      ctx,
      k.reserveReports,
      oldMap("custody/", 9, pairKey(stringKey, stringKey), protoValue(ReserveReport)),
      (key) => key,
      (r) => r,
    );
    k.reserves.remove(ctx, BTC);
    m.migrations!.find((x) => x.from === 1)!.migrate(ctx);
    m.migrations!.find((x) => x.from === 2)!.migrate(ctx);
    expect(k.reserves.get(ctx, BTC)).toMatchObject({ held: "100", attestors: 2 });
  });
});
