import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importGenesis } from "../../helpers/genesis-import";
import type { TestChain } from "../../helpers/chain";
import { CaseAction, CaseStatus, enforcementChain, getCase, keys, msg, openCase, produceUntil, validator, VoteOption } from "./setup";

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
      CaseStatus.CASE_STATUS_PASSED,
      CaseStatus.CASE_STATUS_PASSED,
      CaseStatus.CASE_STATUS_HELD,
      CaseStatus.CASE_STATUS_VOTING,
      CaseStatus.CASE_STATUS_WITHDRAWN,
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
    const a = await importGenesis({ ...chain.genesis, initial_height: height, app_state: state });
    const b = await importGenesis({ ...chain.genesis, initial_height: height, app_state: a.exported });
    expect(a.exported.enforcement).toEqual(section);
    expect(b.exported.enforcement).toEqual(section);
    expect(b.appHash).toBe(a.appHash);
  });
});
