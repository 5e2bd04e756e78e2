import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RotationStatus } from "../../../src/gen/blockchain/validatorgov/v1/rotation";
import { admitInGenesisJson } from "../../../src/modules/validatorgov/genesis";
import type { TestChain } from "../../helpers/chain";
import {
  VoteOption,
  caseVotes,
  enforcementChain,
  expectEnforcementError,
  keys,
  msg as enforcementMsg,
  openCase,
} from "../enforcement/setup";
import { msg as oracleMsg, query as oracleQuery, testParams } from "../oracle/setup";
import { createValidatorMsg } from "../staking/setup";
import { msg as vgovMsg, query as vgovQuery, valoper } from "./setup";

/**
 * Records other modules keep by validator operator follow a completed operator rotation
 * (StakingHooks.afterValidatorOperatorChanged): enforcement votes on open cases, oracle feeder
 * delegations and miss counters.
 */
describe("records keyed by operator follow a rotation", () => {
  const { val2, other: next, grantee: feeder, target } = keys;
  let chain: TestChain;

  beforeAll(async () => {
    const p = testParams();
    chain = await enforcementChain({
      more: (s) => {
        admitInGenesisJson(s, val2.address);
        s.validatorgov.params.planned_rotation_delay_blocks = "3";
        s.oracle.params = {
          vote_period: p.votePeriod.toString(),
          vote_threshold_bps: p.voteThresholdBps.toString(),
          quote_symbol: p.quoteSymbol,
          accepted_denoms: p.acceptedDenoms,
          max_rate_age_seconds: p.maxRateAgeSeconds.toString(),
          max_appraisal_age_seconds: p.maxAppraisalAgeSeconds.toString(),
          max_class_ids_per_appraiser: p.maxClassIdsPerAppraiser.toString(),
        };
      },
    });
    await chain.mustDeliver(val2, [createValidatorMsg(val2, { amount: "5000000" })]);
    await chain.produceBlocks(1);
  });
  afterAll(async () => chain.close());

  it("a vote cast before the rotation counts once, under the new operator; oracle feeder and misses move", async () => {
    await chain.mustDeliver(val2, [oracleMsg.delegate(val2.address, valoper(val2), feeder.address)]);
    await chain.produceBlocks(2);
    const missesBefore = oracleQuery.misses(chain).find((m) => m.validator === valoper(val2));
    expect(missesBefore?.windows).toBeGreaterThan(0n);

    const id = await openCase(chain, target.address);
    await chain.mustDeliver(val2, [enforcementMsg.vote(val2.address, id, VoteOption.VOTE_OPTION_NO)]);
    await chain.mustDeliver(val2, [vgovMsg.rotate(val2.address, next.address)]);
    await chain.produceBlocks(3);
    expect(vgovQuery.rotation(chain, 1n).status).toBe(RotationStatus.ROTATION_STATUS_COMPLETED);
    expect(vgovQuery.application(chain, next.address).status).toBe("approved");

    const votes = caseVotes(chain, id);
    expect(votes.votes.map((v) => v.validator)).toEqual([valoper(next)]);
    expect(votes.noPower).toBe(5n);
    expectEnforcementError(await chain.deliver(next, [enforcementMsg.vote(next.address, id, VoteOption.VOTE_OPTION_YES)]), 1104);

    expect(oracleQuery.feeder(chain, valoper(next))).toBe(feeder.address);
    const counters = oracleQuery.misses(chain);
    expect(counters.find((m) => m.validator === valoper(val2))).toBeUndefined();
    expect(counters.find((m) => m.validator === valoper(next))!.windows).toBeGreaterThan(missesBefore!.windows);
    // The delegated feeder votes for the validator under its new address.
    await chain.mustDeliver(feeder, [oracleMsg.vote(feeder.address, valoper(next), [["ueur", "1.1"]])]);
  });
});
