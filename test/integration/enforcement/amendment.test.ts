import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as ctx from "../../../src/gen/blockchain/constitution/v1/tx";
import { pack, type TestChain } from "../../helpers/chain";
import { GENESIS_POWER, enforcementChain, getCase, getParams, keys, msg, openCase, produceUntil, validator } from "./setup";

/** The height a pending genesis amendment takes effect (the delay's floor is far too long to wait out in a test). */
const ENACT_AT = 8n;

describe("an enacted constitutional amendment governs enforcement at once", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await enforcementChain({
      more: (s) => {
        // As an imported chain would carry it: opened long ago, due at ENACT_AT.
        const proposed = { ...s.constitution.invariants, enforcement_voting_period_blocks: "4", enforcement_threshold_bps: "10000" };
        s.constitution.amendments = [
          {
            id: "1",
            proposed,
            reason: "faster cases",
            proposed_at_height: "0",
            effective_at_height: String(ENACT_AT),
            snapshot_power: String(GENESIS_POWER),
            ratified_power: "0",
            status: "AMENDMENT_STATUS_PENDING",
            resolved_at_height: "0",
          },
        ];
        s.constitution.amendment_count = "1";
      },
    });
  });
  afterAll(async () => chain.close());

  it("new voting period and threshold apply to the next case; params never disagree with the constitution", async () => {
    const C = "/blockchain.constitution.v1.";
    await chain.mustDeliver(validator(), [
      pack(C + "MsgRatifyAmendment", ctx.MsgRatifyAmendment, { validator: validator().address, amendmentId: 1n }),
    ]);
    expect(getParams(chain)).toMatchObject({ votingPeriodBlocks: 10n });
    await produceUntil(chain, ENACT_AT);
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
