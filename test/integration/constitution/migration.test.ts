import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ConstitutionKeeper } from "../../../src/modules/constitution";
import { uint64Value } from "../../../src/store/codecs";
import type { Module } from "../../../src/types/module";
import type { TestChain } from "../../helpers/chain";
import { expectMigrationRestores } from "../../helpers/layout-migration";
import { queryAt } from "../../helpers/query-at";
import { chainWith, listAmendments, pendingAt, Q, testInvariants } from "./setup";

const P = "constitution/";
const COUNTER = new TextEncoder().encode(`${P}\x03`);

describe("constitution consensus version 2: the 1 -> 2 migration", () => {
  let chain: TestChain;
  let m: Module & { keeper: ConstitutionKeeper };

  beforeAll(async () => {
    const inv = testInvariants();
    chain = await chainWith(inv, undefined, [pendingAt(1n, inv, 100_000n), pendingAt(2n, inv, 100_001n)]);
    m = chain.app.modules.modules.find((x) => x.name === "constitution") as Module & { keeper: ConstitutionKeeper };
  });
  afterAll(async () => chain.close());

  it("the amendment counter, which held the last id given out, holds the next", () => {
    expect(m.consensusVersion).toBe(2);
    const ctx = chain.app.queryContext();
    expect(m.keeper.nextAmendmentId.peek(ctx)).toBe(3n);
    const listed = listAmendments(chain);
    expectMigrationRestores(ctx, m, P, 1, () => ctx.store.set(COUNTER, uint64Value.encode(2n)));
    expect(m.keeper.nextAmendmentId.peek(ctx)).toBe(3n);
    expect(queryAt(ctx, m, Q + "ListAmendment", {})).toEqual(listed);
  });

  it("a counter never written (version 1's zero default) stays unset: the first amendment is still 1", () => {
    const ctx = chain.app.queryContext();
    ctx.store.delete(COUNTER);
    m.migrations!.find((x) => x.from === 1)!.migrate(ctx);
    expect(ctx.store.get(COUNTER)).toBeUndefined();
    expect(m.keeper.nextAmendmentId.peek(ctx)).toBe(1n);
  });
});
