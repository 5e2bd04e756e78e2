import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Invariants } from "../../../src/gen/blockchain/constitution/v1/constitution";
import type { ConstitutionKeeper } from "../../../src/modules/constitution";
import type { TestChain } from "../../helpers/chain";
import { chainWith, expectConstitutionError, getAmendment, keys, listAmendments, msg, queryCode, testInvariants } from "./setup";

const { alice, mallory } = keys;

function keeper(chain: TestChain): ConstitutionKeeper {
  return (chain.app.modules.modules.find((m) => m.name === "constitution") as unknown as { keeper: ConstitutionKeeper }).keeper;
}

describe("constitution errors through signed txs and governance", () => {
  let chain: TestChain;
  beforeAll(async () => {
    chain = await chainWith(testInvariants());
  });
  afterAll(async () => chain.close());

  it("refuses a proposal or a withdrawal signed by anyone but governance (1100)", async () => {
    expectConstitutionError(await chain.deliver(mallory, [msg.propose(testInvariants(), "mine", mallory.address)]), 1100);
    expect((await chain.govExec([msg.propose(testInvariants(), "open")])).log).toBe("");
    expectConstitutionError(await chain.deliver(mallory, [msg.withdraw(1n, mallory.address)]), 1100);
    expect(getAmendment(chain, 1n).status).toBe(1);
  });

  it("refuses a proposal that carries no invariants at all (1106)", async () => {
    expectConstitutionError(await chain.govExec([msg.propose(Invariants.fromPartial({}))]), 1106);
    // The authority is checked first (conformance.test.ts has the whole order).
    expectConstitutionError(await chain.deliver(alice, [msg.propose(Invariants.fromPartial({}), "x", alice.address)]), 1100);
  });

  it.each([
    ["a zero field", { concentrationEpochBlocks: 0n }, /concentration_epoch_blocks must not be zero/],
    ["a zero uint32 field", { minActiveValidators: 0 }, /min_active_validators must not be zero/],
    ["a share above 100%", { maxJurisdictionPowerBps: 10_001n }, /max_jurisdiction_power_bps 10001 exceeds 10000/],
    ["more signatures than custodians", { foundationSignatureThreshold: 6 }, /exceeds foundation_custodian_count/],
    ["an empty recovery destination", { enforcementRecoveryDestination: "" }, /must not be empty/],
    ["a malformed recovery destination", { enforcementRecoveryDestination: "cosmos1xyz" }, /is not an account address/],
    [
      "a recovery destination that is not a group policy",
      { enforcementRecoveryDestination: alice.address },
      /is not a group policy account/,
    ],
  ])("refuses a proposed set with %s (1107) and opens nothing", async (_what, over, reason) => {
    const res = await chain.govExec([msg.propose(testInvariants(over))]);
    expectConstitutionError(res, 1107);
    expect(res.log).toMatch(reason);
    expect(listAmendments(chain).amendment.length).toBe(1);
  });

  it("refuses a proposal without a reason (1101)", async () => {
    expectConstitutionError(await chain.govExec([msg.propose(testInvariants(), "  ")]), 1101);
  });

  it("answers NotFound for an amendment that does not exist", () => {
    expect(queryCode(() => getAmendment(chain, 42n))).toBe(22);
  });

  it("refuses a value that disagrees with the constitution's copy (1101), for other modules' parameter updates", () => {
    const k = keeper(chain);
    const ctx = chain.app.queryContext();
    expect(() => k.assertAgrees(ctx, { enforcementThresholdBps: 6667n, enforcementVotingPeriodBlocks: 20n })).not.toThrow();
    expect(() => k.assertAgrees(ctx, { enforcementThresholdBps: 5000n })).toThrow(
      expect.objectContaining({ codespace: "constitution", code: 1101 }),
    );
    expect(() => k.assertAgrees(ctx, { enforcementRecoveryDestination: alice.address })).toThrow(/enforcementRecoveryDestination/);
  });
});
