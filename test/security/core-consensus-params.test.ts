import { QueryParamsRequest, QueryParamsResponse } from "cosmjs-types/cosmos/consensus/v1/query";
import { MsgUpdateParams } from "cosmjs-types/cosmos/consensus/v1/tx";
import type { ConsensusParams } from "cosmjs-types/tendermint/types/params";
import { afterEach, describe, expect, it } from "vitest";
import type { ConsensusKeeper } from "../../src/modules/consensus";
import { govAuthority } from "../../src/types/authority";
import { pack, TestChain } from "../helpers/chain";

/**
 * Finding 7: the consensus params fell back to a copy kept outside the state tree (the app's
 * meta) when governance had not changed them: evidence's max age and the consensus module's
 * MsgUpdateParams merge read it, so two nodes of different histories (a home written before
 * the copy was kept) computed different states. They now live in merkleized state from
 * InitChain on, and the copy is read only by the consensus module's 1 → 2 migration.
 */
describe("security: consensus params only from merkleized state", () => {
  const chains: TestChain[] = [];
  afterEach(async () => {
    for (const c of chains.splice(0)) await c.close();
  });

  async function start(): Promise<TestChain> {
    const chain = await TestChain.create();
    chains.push(chain);
    return chain;
  }

  const consensusModule = (chain: TestChain) =>
    chain.app.modules.modules.find((m) => m.name === "consensus") as unknown as {
      keeper: ConsensusKeeper;
      migrations: Array<{ from: number; migrate(ctx: unknown): void }>;
    };

  /** What a node whose home predates the meta copy knows of InitChain's params: nothing. */
  function forgetMetaParams(chain: TestChain): void {
    (chain.app as unknown as { meta: { genesisConsensusParams?: ConsensusParams } }).meta.genesisConsensusParams = undefined;
  }

  const params = (chain: TestChain) => chain.query("/cosmos.consensus.v1.Query/Params", QueryParamsRequest, {}, QueryParamsResponse).params;

  it("InitChain stores genesis.json's params in state", async () => {
    const chain = await start();
    const stored = consensusModule(chain).keeper.params.get(chain.app.queryContext());
    expect(stored?.block?.maxGas).toBe(200_000_000n);
    expect(stored?.evidence?.maxAgeNumBlocks).toBe(100_000n);
    forgetMetaParams(chain);
    expect(params(chain)).toEqual(stored);
  });

  it("two nodes of different histories compute the same state for a params update", async () => {
    const update = pack(
      "/cosmos.consensus.v1.MsgUpdateParams",
      MsgUpdateParams,
      MsgUpdateParams.fromPartial({
        authority: govAuthority(),
        block: { maxBytes: 1_000_000n, maxGas: 50_000_000n },
        evidence: { maxAgeNumBlocks: 200_000n, maxAgeDuration: { seconds: 86_400n, nanos: 0 }, maxBytes: 500_000n },
        validator: { pubKeyTypes: ["ed25519"] },
      }),
    );
    const [a, b] = [await start(), await start()];
    forgetMetaParams(b);
    const [ra, rb] = [await a.govExec([update]), await b.govExec([update])];
    expect([ra.code, rb.code]).toEqual([0, 0]);
    // abci (not in the update) is merged from the params in force: the same on both nodes.
    expect(params(b)).toEqual(params(a));
    expect(params(b)?.abci?.voteExtensionsEnableHeight).toBe(0n);
    expect(Buffer.from(b.app.store.lastAppHash).toString("hex")).toBe(Buffer.from(a.app.store.lastAppHash).toString("hex"));
  });

  it("the consensus module's migration moves InitChain's params into a state that has none", async () => {
    const chain = await start();
    const m = consensusModule(chain);
    const ctx = chain.app.queryContext();
    const genesis = m.keeper.params.get(ctx)!;
    m.keeper.params.remove(ctx);
    expect(m.keeper.getParams(ctx)).toBeUndefined();
    m.migrations.find((x) => x.from === 1)!.migrate(ctx);
    expect(m.keeper.getParams(ctx)).toEqual(genesis);
  });
});
