import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as cq from "../../../src/gen/blockchain/constitution/v1/query";
import type { TestChain } from "../../helpers/chain";
import {
  CaseStatus,
  enforcementChain,
  expectEnforcementError,
  freezeStatus,
  getCase,
  getParams,
  keys,
  msg,
  openCase,
  produceUntil,
  send,
  validator,
} from "./setup";

/** The recovery destination the constitution pins (the test genesis's foundation group policy). */
function foundationPolicy(chain: TestChain): string {
  const C = "/blockchain.constitution.v1.Query/";
  return chain.query(C + "Invariants", cq.QueryInvariantsRequest, {}, cq.QueryInvariantsResponse).invariants!
    .enforcementRecoveryDestination;
}

describe("enforcement smoke", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await enforcementChain();
  });
  afterAll(async () => chain.close());

  it("adopts the constitution's values and freezes a target through a passed case", async () => {
    const p = getParams(chain);
    expect(p.votingPeriodBlocks).toBe(10n);
    expect(p.recoveryDestination).toBe(foundationPolicy(chain));
    const id = await openCase(chain, keys.target.address);
    expect(freezeStatus(chain, keys.target.address).frozen).toBe(true);
    expectEnforcementError(await chain.deliver(keys.target, [send(keys.target.address, keys.other.address)]), 1107);
    await chain.mustDeliver(validator(), [msg.vote(validator().address, id)]);
    const c = getCase(chain, id);
    await produceUntil(chain, c.votingEndsAtHeight);
    expect(getCase(chain, id).status).toBe(CaseStatus.CASE_STATUS_PASSED);
    expectEnforcementError(await chain.deliver(keys.target, [send(keys.target.address, keys.other.address)]), 1107);
  });
});
