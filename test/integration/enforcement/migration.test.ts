import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as q from "../../../src/gen/blockchain/enforcement/v1/query";
import type { EnforcementKeeper } from "../../../src/modules/enforcement";
import { pairKey, stringKey, uint64Key, uint64Value } from "../../../src/store/codecs";
import type { Module } from "../../../src/types/module";
import type { TestChain } from "../../helpers/chain";
import { expectMigrationRestores, oldMap, rewrite } from "../../helpers/layout-migration";
import { queryAt } from "../../helpers/query-at";
import { caseVotes, enforcementChain, freezeStatus, keys, msg, openCase, Q, recovered, validator } from "./setup";

const P = "enforcement/";

describe("enforcement consensus version 2: the 1 -> 2 migration", () => {
  let chain: TestChain;
  let m: Module & { keeper: EnforcementKeeper };

  beforeAll(async () => {
    chain = await enforcementChain();
    const withdrawn = await openCase(chain, keys.target.address);
    await chain.mustDeliver(validator(), [msg.withdraw(validator().address, withdrawn)]);
    const voting = await openCase(chain, keys.target.address);
    await chain.mustDeliver(validator(), [msg.vote(validator().address, voting)]);
    await openCase(chain, keys.other.address);
    m = chain.app.modules.modules.find((x) => x.name === "enforcement") as Module & { keeper: EnforcementKeeper };
  });
  afterAll(async () => chain.close());

  it("the case counter becomes the next id; votes and the holding index are keyed by address bytes", () => {
    expect(m.consensusVersion).toBe(2);
    const ctx = chain.app.queryContext();
    const k = m.keeper;
    expect(k.nextCaseId.peek(ctx)).toBe(4n);
    const frozenBefore = freezeStatus(chain, keys.target.address);
    const votesBefore = caseVotes(chain, 2n);
    const recoveredBefore = recovered(chain);
    expect(recoveredBefore.casesOpened).toBe(3n);
    expectMigrationRestores(ctx, m, P, 1, () => {
      // Version 1 kept the last id given out.
      ctx.store.set(new TextEncoder().encode(`${P}\x03`), uint64Value.encode(k.nextCaseId.peek(ctx) - 1n));
      rewrite(
        ctx,
        k.votes,
        oldMap(P, 4, pairKey(uint64Key, stringKey), k.votes.valueCodec),
        (key) => key,
        (v) => v,
      );
      const holding = oldMap(P, 6, stringKey, uint64Value);
      const held = [...k.cases.indexes.holding.entries(ctx)];
      expect(held.map(([address, id]) => [address, id])).toEqual(
        expect.arrayContaining([
          [keys.target.address, 2n],
          [keys.other.address, 3n],
        ]),
      );
      for (const [address, id] of held) {
        k.cases.indexes.holding.onRemove(ctx, id, k.cases.get(ctx, id)!);
        holding.set(ctx, address, id);
      }
    });
    expect(queryAt<q.QueryFreezeStatusResponse>(ctx, m, Q + "FreezeStatus", { address: keys.target.address })).toEqual(frozenBefore);
    expect(queryAt<q.QueryCaseVotesResponse>(ctx, m, Q + "CaseVotes", { caseId: 2n })).toEqual(votesBefore);
    expect(queryAt<q.QueryRecoveredResponse>(ctx, m, Q + "Recovered", {})).toEqual(recoveredBefore);
  });
});
