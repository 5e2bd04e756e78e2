import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as cq from "../../../src/gen/blockchain/constitution/v1/query";
import * as ctx from "../../../src/gen/blockchain/constitution/v1/tx";
import { govAuthority } from "../../../src/types/authority";
import { pack, type TestChain } from "../../helpers/chain";
import { enforcementChain, getCase, getParams, keys, msg, openCase, produceUntil, validator } from "./setup";

describe("an enacted constitutional amendment governs enforcement at once", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await enforcementChain();
  });
  afterAll(async () => chain.close());

  it("new voting period and threshold apply to the next case; params never disagree with the constitution", async () => {
    const C = "/blockchain.constitution.v1.";
    const inv = chain.query(C + "Query/Invariants", cq.QueryInvariantsRequest, {}, cq.QueryInvariantsResponse).invariants!;
    const next = { ...inv, enforcementVotingPeriodBlocks: 4n, enforcementThresholdBps: 10000n };
    expect((await chain.govExec([pack(C + "MsgProposeAmendment", ctx.MsgProposeAmendment, { authority: govAuthority(), invariants: next, reason: "faster cases" })])).log).toBe("");
    await chain.mustDeliver(validator(), [pack(C + "MsgRatifyAmendment", ctx.MsgRatifyAmendment, { validator: validator().address, amendmentId: 1n })]);
    await produceUntil(chain, chain.height + 6n);
    expect(getParams(chain)).toMatchObject({ votingPeriodBlocks: 4n, thresholdBps: 10000n });
    const id = await openCase(chain, keys.target.address);
    const c = getCase(chain, id);
    expect(c.votingEndsAtHeight - c.openedAtHeight).toBe(4n);
    // The old values are refused now, the new ones accepted.
    const old = { ...getParams(chain), votingPeriodBlocks: 10n };
    expect((await chain.govExec([msg.updateParams(old)])).code).toBe(1101);
    expect((await chain.govExec([msg.updateParams(getParams(chain))])).log).toBe("");
  });
});
