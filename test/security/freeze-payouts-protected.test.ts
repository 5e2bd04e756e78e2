import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VALIDATORGOV_MODULE } from "../../src/modules/validatorgov";
import { moduleAddress } from "../../src/types/address";
import type { TestChain } from "../helpers/chain";
import {
  CaseAction,
  enforcementChain,
  expectEnforcementError,
  freezeStatus,
  keys,
  msg,
  send,
  validator,
} from "../integration/enforcement/setup";

// Attack (issue 32, finding 2): validatorgov's seat reserve takes plain sends (that is how it is
// funded), so it is not in bank's blocked set, and enforcement protected only that set: a case
// could freeze the reserve (stopping every seat delegation change) or seize what it holds for
// the chain. Every module account is protected now, blocked or not.

describe("no module account can be frozen or seized", () => {
  let chain: TestChain;
  let names: string[] = [];

  beforeAll(async () => {
    chain = await enforcementChain();
    names = chain.app.modules.modules.flatMap((m) => (m.moduleAccounts ?? []).map((a) => a.name)).sort();
    expect(names).toContain(VALIDATORGOV_MODULE);
    // Funded by a plain send, as the reserve is.
    await chain.mustDeliver(keys.alice, [send(keys.alice.address, moduleAddress(VALIDATORGOV_MODULE), "1000000")]);
  });
  afterAll(async () => chain.close());

  it.each([
    ["freeze", CaseAction.CASE_ACTION_FREEZE],
    ["seizure", CaseAction.CASE_ACTION_SEIZE],
  ] as const)("a %s case against the seat reserve is refused (1112)", async (_name, action) => {
    const reserve = moduleAddress(VALIDATORGOV_MODULE);
    expectEnforcementError(await chain.deliver(validator(), [msg.open(validator().address, reserve, action)]), 1112);
    expect(freezeStatus(chain, reserve).frozen).toBe(false);
  });

  it("every registered module account is protected (1112)", async () => {
    const res = [];
    for (const name of names) {
      const r = await chain.deliver(validator(), [msg.open(validator().address, moduleAddress(name))]);
      res.push({ name, codespace: r.codespace, code: r.code });
    }
    expect(res).toEqual(names.map((name) => ({ name, codespace: "enforcement", code: 1112 })));
  });
});
