import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { App } from "../../../src/app/app";
import { buildModules } from "../../../src/app/modules";
import { initChainRequest, type GenesisDoc } from "../../../src/abci/genesis-doc";
import { exportAppState } from "../../../src/app/genesis";
import type { Branch } from "../../../src/store/types";
import { Context } from "../../../src/types/context";
import { silentLogger } from "../../../src/types/logger";
import type { TestChain } from "../../helpers/chain";
import { CaseAction, CaseStatus, enforcementChain, getCase, keys, msg, openCase, produceUntil, validator, VoteOption } from "./setup";

/**
 * A fresh node started from `appState` (InitChain, then its first block); returns the
 * InitChain app hash, the app hash after the first block, and the state exported at once.
 */
async function importState(base: GenesisDoc, appState: Record<string, unknown>, initialHeight: string) {
  const dir = mkdtempSync(join(tmpdir(), "enforcement-genesis-"));
  const doc = { ...base, initial_height: initialHeight, app_state: appState };
  const app = await App.open({ dataDir: join(dir, "app"), modules: buildModules(), logger: silentLogger });
  try {
    const init = app.initChain(initChainRequest(doc));
    return { appHash: Buffer.from(init.appHash).toString("hex"), exported: exportAt(app) };
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The state as InitChain left it (the uncommitted genesis branch, read by the module exporters). */
function exportAt(app: App): Record<string, any> {
  const branch = (app as unknown as { genesisBranch: Branch }).genesisBranch;
  const ctx = Context.create(branch, { height: 0n, time: { seconds: 0n, nanos: 0 }, chainId: "", proposer: new Uint8Array() }, "query", silentLogger);
  return exportAppState(ctx, app.modules.initGenesisOrder) as Record<string, any>;
}

describe("genesis export → import", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await enforcementChain({ params: { seizure_window_blocks: "40", max_seizures_per_window: "3" } });
    // A passed freeze, an executed seizure, a held seizure, a voting case with a vote, a withdrawn case.
    const passed = await openCase(chain, keys.target.address);
    const seized = await openCase(chain, keys.other.address, CaseAction.CASE_ACTION_SEIZE);
    await chain.mustDeliver(validator(), [msg.vote(validator().address, passed), msg.vote(validator().address, seized)]);
    await produceUntil(chain, getCase(chain, seized).executeAtHeight || getCase(chain, seized).votingEndsAtHeight);
    await produceUntil(chain, getCase(chain, seized).executeAtHeight);
    const held = await openCase(chain, keys.alice.address, CaseAction.CASE_ACTION_SEIZE);
    await chain.mustDeliver(validator(), [msg.vote(validator().address, held)]);
    const voting = await openCase(chain, keys.mallory.address);
    await chain.mustDeliver(validator(), [msg.vote(validator().address, voting, VoteOption.VOTE_OPTION_NO)]);
    const withdrawn = await openCase(chain, keys.grantee.address);
    await chain.mustDeliver(validator(), [msg.withdraw(validator().address, withdrawn)]);
    await produceUntil(chain, getCase(chain, held).votingEndsAtHeight);
    expect([passed, seized, held, voting, withdrawn].map((id) => getCase(chain, id).status)).toEqual([
      CaseStatus.CASE_STATUS_PASSED, CaseStatus.CASE_STATUS_PASSED, CaseStatus.CASE_STATUS_HELD, CaseStatus.CASE_STATUS_VOTING, CaseStatus.CASE_STATUS_WITHDRAWN,
    ]);
  });
  afterAll(async () => chain.close());

  it("exports every record, and importing the export twice gives the same app hash and the same state", async () => {
    const state = chain.app.exportAppState() as Record<string, any>;
    const section = state.enforcement;
    expect(section.case_count).toBe("5");
    expect(section.cases).toHaveLength(5);
    expect(section.freezes).toHaveLength(5);
    expect(section.votes).toHaveLength(4);
    expect(section.seizures).toHaveLength(1);
    const height = String(chain.height + 1n);
    const a = await importState(chain.genesis, state, height);
    const b = await importState(chain.genesis, a.exported, height);
    expect(a.exported.enforcement).toEqual(section);
    expect(b.exported.enforcement).toEqual(section);
    expect(b.appHash).toBe(a.appHash);
  });
});
