import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RotationKind, RotationStatus } from "../../../src/gen/blockchain/validatorgov/v1/rotation";
import type { TestChain } from "../../helpers/chain";
import {
  ONE_YML,
  RESERVE,
  admit,
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

const { alpha, beta, gamma, newop, newop2, mallory, funder } = keys;
const E = "blockchain.validatorgov.v1.";

describe("validatorgov operator rotation and recovery", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await vgovChain({
      mutateGenesis: (s) => {
        s.validatorgov.params.planned_rotation_delay_blocks = "6";
        s.validatorgov.params.recovery_challenge_window_blocks = "6";
      },
    });
    await admit(chain, alpha, declOf("LEI-A", "UBO-A", "DE"));
    await admit(chain, beta, declOf("LEI-B", "UBO-B", "FR"));
    await chain.mustDeliver(funder, [msg.send(funder.address, RESERVE, 10n * ONE_YML)]);
    expect((await chain.govExec([msg.seats(alpha.address, 2n)])).log).toBe("");
  });
  afterAll(async () => chain.close());

  it("a rotation by an operator that is not approved is 1103", async () => {
    expectVgovError(await chain.deliver(gamma, [msg.rotate(gamma.address, newop.address)]), 1103);
  });

  it("a rotation onto itself is 1109, onto an approved operator 1110, onto a malformed address an invalid address", async () => {
    expectVgovError(await chain.deliver(alpha, [msg.rotate(alpha.address, alpha.address)]), 1109);
    expectVgovError(await chain.deliver(alpha, [msg.rotate(alpha.address, beta.address)]), 1110);
    const bogus = await chain.deliver(alpha, [msg.rotate(alpha.address, "yml1bogus")]);
    expect({ codespace: bogus.codespace, code: bogus.code }).toEqual({ codespace: "sdk", code: 7 });
  });

  it("a planned rotation opens with its delay; a second one for the same operator is 1104", async () => {
    const res = await chain.mustDeliver(alpha, [msg.rotate(alpha.address, newop.address)]);
    expect(eventOf(res, E + "EventRotationProposed")).toEqual({
      rotation_id: '"1"',
      current_operator: JSON.stringify(alpha.address),
      new_operator: JSON.stringify(newop.address),
      proposer: JSON.stringify(alpha.address),
      kind: '"ROTATION_KIND_PLANNED"',
      reason: '""',
      completes_at_height: JSON.stringify((res.height + 6n).toString()),
    });
    expect(query.rotation(chain, 1n)).toMatchObject({
      id: 1n,
      currentOperator: alpha.address,
      newOperator: newop.address,
      kind: RotationKind.ROTATION_KIND_PLANNED,
      status: RotationStatus.ROTATION_STATUS_PENDING,
      approved: true,
      openedAtHeight: res.height,
      completesAtHeight: res.height + 6n,
      resolvedAtHeight: 0n,
      pausedValidator: false,
    });
    expect(query.pending(chain, alpha.address)).toMatchObject({ found: true, operatorRotation: { id: 1n } });
    expectVgovError(await chain.deliver(alpha, [msg.rotate(alpha.address, newop2.address)]), 1104);
  });

  it("only the current operator cancels (1111); an unknown rotation is 1105", async () => {
    expectVgovError(await chain.deliver(mallory, [msg.cancel(mallory.address, 1n)]), 1111);
    expectVgovError(await chain.deliver(alpha, [msg.cancel(alpha.address, 99n)]), 1105);
  });

  it("the old key cancels its planned rotation; a closed rotation cannot be cancelled again (1106)", async () => {
    const res = await chain.mustDeliver(alpha, [msg.cancel(alpha.address, 1n)]);
    expect(eventOf(res, E + "EventRotationResolved")).toMatchObject({
      rotation_id: '"1"',
      status: '"ROTATION_STATUS_CANCELLED"',
      kind: '"ROTATION_KIND_PLANNED"',
    });
    expect(query.rotation(chain, 1n)).toMatchObject({ status: RotationStatus.ROTATION_STATUS_CANCELLED, resolvedAtHeight: res.height });
    expect(query.pending(chain, alpha.address).found).toBe(false);
    expectVgovError(await chain.deliver(alpha, [msg.cancel(alpha.address, 1n)]), 1106);
  });

  it("a planned rotation completes in the end blocker after its delay: the validator, its seats and its approval move", async () => {
    const tokens = stakingValidator(chain, alpha).tokens;
    const res = await chain.mustDeliver(alpha, [msg.rotate(alpha.address, newop.address)]);
    const id = 2n;
    expect(query.rotation(chain, id).completesAtHeight).toBe(res.height + 6n);
    await chain.produceBlocks(5);
    expect(query.rotation(chain, id).status).toBe(RotationStatus.ROTATION_STATUS_PENDING);
    await chain.produceBlocks(1);
    expect(query.rotation(chain, id)).toMatchObject({
      status: RotationStatus.ROTATION_STATUS_COMPLETED,
      resolvedAtHeight: res.height + 6n,
    });
    expect(queryCode(() => query.approved(chain, alpha.address))).toBe(22);
    expect(query.approved(chain, newop.address)).toMatchObject({
      candidate: newop.address,
      approved: "true",
      declaration: { legalEntityId: "LEI-A" },
    });
    expect(query.application(chain, alpha.address).status).toBe("rotated");
    expect(query.application(chain, newop.address).status).toBe("approved");
    const moved = stakingValidator(chain, newop);
    expect(moved.operatorAddress).toBe(valoper(newop));
    expect(moved.tokens).toBe(tokens);
    expect(queryCode(() => stakingValidator(chain, alpha))).not.toBe(0);
    // The seats stay with the validator under its new operator and can be changed there.
    expect((await chain.govExec([msg.seats(newop.address, 3n)])).log).toBe("");
    expect(BigInt(stakingValidator(chain, newop).tokens)).toBe(BigInt(tokens) + ONE_YML);
  });

  it("a recovery needs a reason (1112) and a current operator that is approved (1103)", async () => {
    expectVgovError(await chain.deliver(mallory, [msg.recover(mallory.address, beta.address, newop2.address, "  ")]), 1112);
    expectVgovError(await chain.deliver(mallory, [msg.recover(mallory.address, gamma.address, newop2.address)]), 1103);
  });

  it("anyone proposes a recovery; it is inert until approved, and the admission authority may reject it", async () => {
    const res = await chain.mustDeliver(mallory, [msg.recover(mallory.address, beta.address, newop2.address, "key compromised")]);
    expect(eventOf(res, E + "EventRotationProposed")).toMatchObject({
      kind: '"ROTATION_KIND_RECOVERY"',
      proposer: JSON.stringify(mallory.address),
      completes_at_height: '"0"',
      reason: '"key compromised"',
    });
    const r = query.rotation(chain, 3n);
    expect(r).toMatchObject({
      kind: RotationKind.ROTATION_KIND_RECOVERY,
      approved: false,
      completesAtHeight: 0n,
      status: RotationStatus.ROTATION_STATUS_PENDING,
    });
    await chain.produceBlocks(6);
    expect(query.rotation(chain, 3n).status).toBe(RotationStatus.ROTATION_STATUS_PENDING);
    expect(stakingValidator(chain, beta).jailed).toBe(false);
    expect((await chain.govExec([msg.approveRecovery(3n, false)])).log).toBe("");
    expect(query.rotation(chain, 3n).status).toBe(RotationStatus.ROTATION_STATUS_REJECTED);
    expect(await chain.govExec([msg.approveRecovery(3n)])).toMatchObject({ codespace: "validatorgov", code: 1106 });
    expect(await chain.govExec([msg.approveRecovery(77n)])).toMatchObject({ codespace: "validatorgov", code: 1105 });
  });

  it("approving a planned rotation as a recovery is 1107", async () => {
    await chain.mustDeliver(newop, [msg.rotate(newop.address, alpha.address)]);
    expect(await chain.govExec([msg.approveRecovery(4n)])).toMatchObject({ codespace: "validatorgov", code: 1107 });
    await chain.mustDeliver(newop, [msg.cancel(newop.address, 4n)]);
  });

  it("approval pauses (jails) the validator and starts the challenge clock; the old key's veto resolves it and un-pauses", async () => {
    await chain.mustDeliver(mallory, [msg.recover(mallory.address, beta.address, newop2.address, "key compromised")]);
    const approved = await chain.govExec([msg.approveRecovery(5n)]);
    expect(approved.log).toBe("");
    const r = query.rotation(chain, 5n);
    expect(r).toMatchObject({ approved: true, pausedValidator: true, status: RotationStatus.ROTATION_STATUS_PENDING });
    expect(r.completesAtHeight).toBe(chain.height + 6n);
    expect(stakingValidator(chain, beta).jailed).toBe(true);
    expect(await chain.govExec([msg.approveRecovery(5n)])).toMatchObject({ codespace: "validatorgov", code: 1108 });
    const veto = await chain.mustDeliver(beta, [msg.cancel(beta.address, 5n)]);
    expect(eventOf(veto, E + "EventRotationResolved")).toMatchObject({
      status: '"ROTATION_STATUS_VETOED"',
      kind: '"ROTATION_KIND_RECOVERY"',
    });
    expect(stakingValidator(chain, beta).jailed).toBe(false);
  });

  it("an approved recovery that is not vetoed completes after the challenge window and un-pauses under the new operator", async () => {
    await chain.mustDeliver(mallory, [msg.recover(mallory.address, beta.address, newop2.address, "key lost")]);
    expect((await chain.govExec([msg.approveRecovery(6n)])).log).toBe("");
    const completesAt = query.rotation(chain, 6n).completesAtHeight;
    expect(stakingValidator(chain, beta).jailed).toBe(true);
    while (chain.height < completesAt) await chain.produceBlocks(1);
    expect(query.rotation(chain, 6n)).toMatchObject({ status: RotationStatus.ROTATION_STATUS_COMPLETED, resolvedAtHeight: completesAt });
    expect(stakingValidator(chain, newop2).jailed).toBe(false);
    expect(query.approved(chain, newop2.address).declaration).toMatchObject({ legalEntityId: "LEI-B" });
  });
});
