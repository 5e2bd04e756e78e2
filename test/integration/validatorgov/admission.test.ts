import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestChain } from "../../helpers/chain";
import {
  createValidatorMsg,
  declOf,
  eventOf,
  expectVgovError,
  keys,
  msg,
  query,
  queryCode,
  stakingValidator,
  valoper,
  vgovChain,
} from "./setup";

const { alpha, beta, mallory } = keys;
const D = declOf("LEI-ALPHA-0001", "UBO-ALPHA", "DE");

describe("validatorgov admission: application, approval and the gate in front of staking", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await vgovChain();
  });
  afterAll(async () => chain.close());

  it("refuses a MsgCreateValidator from an operator nobody admitted, already in CheckTx (1103)", async () => {
    const res = await chain.deliver(alpha, [createValidatorMsg(alpha)]);
    expect(res.checkTx).toBe(true);
    expectVgovError(res, 1103);
    expect(queryCode(() => stakingValidator(chain, alpha))).not.toBe(0);
  });

  it.each([
    ["no legal entity", { legalEntityId: "" }],
    ["no beneficial owner", { beneficialOwnerId: " " }],
    ["an identifier over 128 characters", { legalEntityId: "x".repeat(129) }],
    ["a two-letter code that is no country (ZZ)", { jurisdiction: "ZZ" }],
    ["a reserved code (EU)", { jurisdiction: "EU" }],
    ["a three-letter code", { jurisdiction: "DEU" }],
  ])("refuses an application with %s (1113)", async (_what, over) => {
    expectVgovError(await chain.deliver(alpha, [msg.apply(alpha.address, D, over)]), 1113);
    expect(queryCode(() => query.application(chain, alpha.address))).toBe(22);
  });

  it("an application is pending with the declaration, attested at its height", async () => {
    const res = await chain.mustDeliver(alpha, [msg.apply(alpha.address, D)]);
    expect(eventOf(res, "validatorgov_application")).toEqual({ candidate: alpha.address });
    expect(query.application(chain, alpha.address)).toEqual({
      candidate: alpha.address,
      status: "pending",
      declaration: { ...D, attestedAtHeight: res.height },
    });
    expect(queryCode(() => query.approved(chain, alpha.address))).toBe(22);
  });

  it("a second application while one is pending replaces it", async () => {
    const res = await chain.mustDeliver(alpha, [msg.apply(alpha.address, D)]);
    expect(query.application(chain, alpha.address)).toEqual({
      candidate: alpha.address,
      status: "pending",
      declaration: { ...D, attestedAtHeight: res.height },
    });
  });

  it("an unapproved applicant still cannot create a validator (1103)", async () => {
    expectVgovError(await chain.deliver(alpha, [createValidatorMsg(alpha)]), 1103);
  });

  it("only the admission authority decides (1100), also for seats, recovery approval and params", async () => {
    expectVgovError(await chain.deliver(mallory, [msg.approve(alpha.address, true, mallory.address)]), 1100);
    expectVgovError(await chain.deliver(mallory, [msg.seats(alpha.address, 1n, mallory.address)]), 1100);
    expectVgovError(await chain.deliver(mallory, [msg.approveRecovery(1n, true, mallory.address)]), 1100);
    expectVgovError(
      await chain.deliver(mallory, [
        msg.updateParams(
          { plannedRotationDelayBlocks: 1n, recoveryChallengeWindowBlocks: 1n, attestationIntervalBlocks: 1n, seatBondAmount: "1" },
          mallory.address,
        ),
      ]),
      1100,
    );
    expect(query.application(chain, alpha.address).status).toBe("pending");
  });

  it("deciding an unknown candidate is 1101", async () => {
    expect(await chain.govExec([msg.approve(beta.address)])).toMatchObject({ codespace: "validatorgov", code: 1101 });
    expect(await chain.govExec([msg.approve("not-an-address")])).toMatchObject({ codespace: "validatorgov", code: 1101 });
  });

  it("approval creates the ApprovedValidator carrying the declaration; the operator may then create its validator", async () => {
    const applied = query.application(chain, alpha.address);
    expect((await chain.govExec([msg.approve(alpha.address)])).log).toBe("");
    expect(query.application(chain, alpha.address).status).toBe("approved");
    expect(query.approved(chain, alpha.address)).toEqual({ candidate: alpha.address, approved: "true", declaration: applied.declaration });
    await chain.mustDeliver(alpha, [createValidatorMsg(alpha)]);
    expect(stakingValidator(chain, alpha).operatorAddress).toBe(valoper(alpha));
  });

  it("deciding an approved application again is 1102", async () => {
    expect(await chain.govExec([msg.approve(alpha.address)])).toMatchObject({ codespace: "validatorgov", code: 1102 });
  });

  it("a rejected application is kept as rejected; deciding it again is 1102; the candidate may apply again", async () => {
    const res = await chain.mustDeliver(beta, [msg.apply(beta.address, declOf("LEI-B", "UBO-B", "FR"))]);
    expect((await chain.govExec([msg.approve(beta.address, false)])).log).toBe("");
    expect(query.application(chain, beta.address)).toEqual({
      candidate: beta.address,
      status: "rejected",
      declaration: { ...declOf("LEI-B", "UBO-B", "FR"), attestedAtHeight: res.height },
    });
    expect(queryCode(() => query.approved(chain, beta.address))).toBe(22);
    expect(await chain.govExec([msg.approve(beta.address)])).toMatchObject({ codespace: "validatorgov", code: 1102 });
    expectVgovError(await chain.deliver(beta, [createValidatorMsg(beta)]), 1103);
    await chain.mustDeliver(beta, [msg.apply(beta.address, declOf("LEI-B", "UBO-B", "FR"))]);
    expect(query.application(chain, beta.address).status).toBe("pending");
  });

  it("re-attestation by the approved operator replaces the declaration and its height", async () => {
    const next = declOf("LEI-ALPHA-0001", "UBO-ALPHA-NEW", "AT");
    const res = await chain.mustDeliver(alpha, [msg.attest(alpha.address, next)]);
    expect(eventOf(res, "validatorgov_ownership_attested")).toEqual({ operator: alpha.address, attested_at_height: res.height.toString() });
    expect(query.approved(chain, alpha.address).declaration).toEqual({ ...next, attestedAtHeight: res.height });
  });

  it("re-attestation is refused from an operator that is not approved (1103) and with a bad declaration (1113)", async () => {
    expectVgovError(await chain.deliver(beta, [msg.attest(beta.address, D)]), 1103);
    expectVgovError(await chain.deliver(alpha, [msg.attest(alpha.address, declOf("LEI", "UBO", "XK"))]), 1113);
  });

  it("queries refuse a malformed candidate (400-style) and answer NotFound for an unknown one", () => {
    expect(queryCode(() => query.approved(chain, "bogus"))).toBe(18);
    expect(queryCode(() => query.approved(chain, mallory.address))).toBe(22);
  });
});
