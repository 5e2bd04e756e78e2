import { CheckTxType } from "cosmjs-types/tendermint/abci/types";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RotationKind, RotationStatus } from "../../../src/gen/blockchain/validatorgov/v1/rotation";
import { validatorgovErrors, type ValidatorgovKeeper } from "../../../src/modules/validatorgov";
import { defaultValidatorgovGenesis, validateValidatorgovGenesis } from "../../../src/modules/validatorgov/genesis";
import type { DeliverResult, TestChain } from "../../helpers/chain";
import { ONE_YML, admit, declOf, expectVgovError, keys, msg, query, stakingValidator, typed, vgovChain } from "./setup";

/** Issue 33, rules 31–35 (and rule 12's case rule): one case per step of every refusal order. */

const { alpha, beta, gamma, delta, epsilon, newop, newop2, mallory, funder } = keys;
const BOGUS = "yml1bogus";
/** Long enough that no rotation or recovery of this file completes by itself. */
const DELAY = 400n;

const expectInvalidAddress = (res: { code: number; codespace: string; log: string }) =>
  expect({ codespace: res.codespace, code: res.code, log: res.log }).toMatchObject({ codespace: "sdk", code: 7 });
const pendingId = (chain: TestChain, operator: string): bigint => query.pending(chain, operator).operatorRotation!.id;
const resolved = (res: DeliverResult) => typed(res.events, "EventRotationResolved");

describe("validatorgov conformance (issue 33, rules 31–35)", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await vgovChain({
      mutateGenesis: (s) => {
        s.validatorgov.params.planned_rotation_delay_blocks = DELAY.toString();
        s.validatorgov.params.recovery_challenge_window_blocks = DELAY.toString();
      },
    });
    await admit(chain, alpha, declOf("LEI-A", "UBO-A", "DE"));
    await admit(chain, beta, declOf("LEI-B", "UBO-B", "FR"));
    await admit(chain, gamma, declOf("LEI-G", "UBO-G", "IT"));
    // epsilon: approved, no validator of its own.
    await chain.mustDeliver(epsilon, [msg.apply(epsilon.address, declOf("LEI-E", "UBO-E", "AT"))]);
    expect((await chain.govExec([msg.approve(epsilon.address)])).log).toBe("");
  });
  afterAll(async () => chain.close());

  describe("rule 31: the codespace's numbers", () => {
    it("1100–1116 are the listed errors, and no other validatorgov error uses them", () => {
      const byCode = Object.entries(validatorgovErrors).map(([name, kind]) => [kind.code, name, kind.codespace]);
      expect(byCode.filter(([code]) => (code as number) <= 1116)).toEqual(
        [
          "InvalidSigner",
          "ApplicationNotFound",
          "ApplicationNotPending",
          "NotApprovedValidator",
          "RotationInProgress",
          "RotationNotFound",
          "RotationNotPending",
          "RotationNotRecovery",
          "RecoveryAlreadyDecided",
          "OperatorUnchanged",
          "OperatorInUse",
          "NotCurrentOperator",
          "MissingReason",
          "InvalidDeclaration",
          "NoValidator",
          "SeatReserveEmpty",
          "InvalidSeats",
        ].map((name, i) => [1100 + i, `Err${name}`, "validatorgov"]),
      );
      expect(new Set(byCode.map(([code]) => code)).size).toBe(byCode.length);
    });

    it("seats: zero is 1116, an approved operator without a validator 1114, an empty reserve 1115", async () => {
      expect(await chain.govExec([msg.seats(alpha.address, 0n)])).toMatchObject({ codespace: "validatorgov", code: 1116 });
      expect(await chain.govExec([msg.seats(epsilon.address, 1n)])).toMatchObject({ codespace: "validatorgov", code: 1114 });
      expect(await chain.govExec([msg.seats(alpha.address, 1n)])).toMatchObject({ codespace: "validatorgov", code: 1115 });
    });
  });

  describe("rule 32 (and 12): the declaration is normalised; an application always files", () => {
    it("an application's identifiers are trimmed (inner spaces kept) and its jurisdiction upper-cased", async () => {
      const res = await chain.mustDeliver(delta, [
        msg.apply(delta.address, declOf("  LEI-D  X\t", " UBO D ", " it "), { moniker: "", description: "" }),
      ]);
      expect(query.application(chain, delta.address)).toEqual({
        candidate: delta.address,
        status: "pending",
        declaration: { legalEntityId: "LEI-D  X", beneficialOwnerId: "UBO D", jurisdiction: "IT", attestedAtHeight: res.height },
      });
    });

    it("a re-attestation is normalised the same way", async () => {
      const res = await chain.mustDeliver(alpha, [msg.attest(alpha.address, declOf(" LEI-A ", "UBO-A", "de"))]);
      expect(query.approved(chain, alpha.address).declaration).toEqual({
        legalEntityId: "LEI-A",
        beneficialOwnerId: "UBO-A",
        jurisdiction: "DE",
        attestedAtHeight: res.height,
      });
    });

    it("128 characters after trimming pass", async () => {
      const id = "x".repeat(128);
      await chain.mustDeliver(delta, [msg.apply(delta.address, declOf(` ${id} `, id, "Ch"))]);
      expect(query.application(chain, delta.address).declaration).toMatchObject({ legalEntityId: id, jurisdiction: "CH" });
    });

    it.each([
      ["a blank legal entity", declOf("   ", "UBO", "DE")],
      ["a blank beneficial owner", declOf("LEI", "", "DE")],
      ["an identifier over 128 characters once trimmed", declOf("LEI", "y".repeat(129), "DE")],
      ["ZZ", declOf("LEI", "UBO", "ZZ")],
      ["zz in lower case", declOf("LEI", "UBO", "zz")],
      ["a three-letter code", declOf("LEI", "UBO", "DEU")],
    ])("refuses %s with 1113, in an application and an attestation", async (_what, d) => {
      expectVgovError(await chain.deliver(mallory, [msg.apply(mallory.address, d)]), 1113);
      expectVgovError(await chain.deliver(alpha, [msg.attest(alpha.address, d)]), 1113);
    });

    it("a valid application replaces a pending one", async () => {
      const res = await chain.mustDeliver(delta, [msg.apply(delta.address, declOf("LEI-D", "UBO-D", "IT"))]);
      expect(query.application(chain, delta.address)).toMatchObject({
        status: "pending",
        declaration: { legalEntityId: "LEI-D", attestedAtHeight: res.height },
      });
    });

    it("an approved operator's new application is pending; its approval in force is untouched", async () => {
      const approved = query.approved(chain, epsilon.address);
      await chain.mustDeliver(epsilon, [msg.apply(epsilon.address, declOf("LEI-E2", "UBO-E2", "pt"))]);
      expect(query.application(chain, epsilon.address)).toMatchObject({
        status: "pending",
        declaration: { legalEntityId: "LEI-E2", jurisdiction: "PT" },
      });
      expect(query.approved(chain, epsilon.address)).toEqual(approved);
    });

    it("rejecting keeps the application as rejected (the approval stays); a new application files again", async () => {
      expect((await chain.govExec([msg.approve(epsilon.address, false)])).log).toBe("");
      expect(query.application(chain, epsilon.address)).toMatchObject({
        candidate: epsilon.address,
        status: "rejected",
        declaration: { legalEntityId: "LEI-E2" },
      });
      expect(query.approved(chain, epsilon.address).declaration).toMatchObject({ legalEntityId: "LEI-E" });
      await chain.mustDeliver(epsilon, [msg.apply(epsilon.address, declOf("LEI-E3", "UBO-E3", "AT"))]);
      expect((await chain.govExec([msg.approve(epsilon.address)])).log).toBe("");
      expect(query.application(chain, epsilon.address).status).toBe("approved");
      expect(query.approved(chain, epsilon.address).declaration).toMatchObject({ legalEntityId: "LEI-E3" });
    });
  });

  describe("rule 33: refusal order of MsgRotateOperator", () => {
    // delta is not approved: each step is met before the creator's approval is looked at.
    it("1. a malformed new operator", async () => {
      expectInvalidAddress(await chain.deliver(delta, [msg.rotate(delta.address, BOGUS)]));
    });
    it("2. the new operator is the creator (1109)", async () => {
      expectVgovError(await chain.deliver(delta, [msg.rotate(delta.address, delta.address)]), 1109);
    });
    it("3. the new operator is already approved (1110)", async () => {
      expectVgovError(await chain.deliver(delta, [msg.rotate(delta.address, beta.address)]), 1110);
    });
    it("4. the creator is not approved (1103)", async () => {
      expectVgovError(await chain.deliver(delta, [msg.rotate(delta.address, newop.address)]), 1103);
    });
    it("5. a rotation is already open (1104), after the new-operator checks", async () => {
      await chain.mustDeliver(alpha, [msg.rotate(alpha.address, newop.address)]);
      expectVgovError(await chain.deliver(alpha, [msg.rotate(alpha.address, alpha.address)]), 1109);
      expectVgovError(await chain.deliver(alpha, [msg.rotate(alpha.address, beta.address)]), 1110);
      expectVgovError(await chain.deliver(alpha, [msg.rotate(alpha.address, newop2.address)]), 1104);
    });
  });

  describe("rule 33: refusal order of MsgCancelOperatorRotation", () => {
    it("1. an unknown rotation (1105)", async () => {
      expectVgovError(await chain.deliver(mallory, [msg.cancel(mallory.address, 999n)]), 1105);
    });
    it("2. a rotation no longer pending (1106), before the signer is looked at", async () => {
      await chain.mustDeliver(gamma, [msg.rotate(gamma.address, newop2.address)]);
      const id = pendingId(chain, gamma.address);
      await chain.mustDeliver(gamma, [msg.cancel(gamma.address, id)]);
      expect(query.rotation(chain, id).status).toBe(RotationStatus.ROTATION_STATUS_CANCELLED);
      expectVgovError(await chain.deliver(mallory, [msg.cancel(mallory.address, id)]), 1106);
    });
    it("3. a signer that is not the current operator (1111)", async () => {
      expectVgovError(await chain.deliver(mallory, [msg.cancel(mallory.address, pendingId(chain, alpha.address))]), 1111);
    });
  });

  describe("rule 33: refusal order of MsgProposeOperatorRecovery", () => {
    // delta is not approved and the reason blank: each step is met before those.
    it("1. a malformed new operator", async () => {
      expectInvalidAddress(await chain.deliver(mallory, [msg.recover(mallory.address, delta.address, BOGUS, " ")]));
    });
    it("2. the new operator is the current one (1109)", async () => {
      expectVgovError(await chain.deliver(mallory, [msg.recover(mallory.address, delta.address, delta.address, " ")]), 1109);
    });
    it("3. the new operator is already approved (1110)", async () => {
      expectVgovError(await chain.deliver(mallory, [msg.recover(mallory.address, delta.address, beta.address, "")]), 1110);
    });
    it("4. a blank reason (1112)", async () => {
      expectVgovError(await chain.deliver(mallory, [msg.recover(mallory.address, delta.address, newop2.address, " \t ")]), 1112);
    });
    it("5. a current operator that is not approved (1103)", async () => {
      expectVgovError(await chain.deliver(mallory, [msg.recover(mallory.address, delta.address, newop2.address, "lost")]), 1103);
    });
    it("6. a rotation already open for the current operator (1104)", async () => {
      expectVgovError(await chain.deliver(mallory, [msg.recover(mallory.address, alpha.address, newop2.address, "lost")]), 1104);
    });
  });

  describe("rule 33: refusal order of MsgApproveOperatorRecovery", () => {
    let vetoedRecovery: bigint;

    it("1. a signer that is not the authority (1100), before the rotation is looked up", async () => {
      expectVgovError(await chain.deliver(mallory, [msg.approveRecovery(999n, true, mallory.address)]), 1100);
    });
    it("2. an unknown rotation (1105)", async () => {
      expect(await chain.govExec([msg.approveRecovery(999n)])).toMatchObject({ codespace: "validatorgov", code: 1105 });
    });
    it("3. a planned rotation (1107), even one no longer pending", async () => {
      expect(await chain.govExec([msg.approveRecovery(pendingId(chain, alpha.address))])).toMatchObject({
        codespace: "validatorgov",
        code: 1107,
      });
      const cancelled = query.rotation(chain, pendingId(chain, alpha.address) + 1n);
      expect(cancelled).toMatchObject({ kind: RotationKind.ROTATION_KIND_PLANNED, status: RotationStatus.ROTATION_STATUS_CANCELLED });
      expect(await chain.govExec([msg.approveRecovery(cancelled.id)])).toMatchObject({ codespace: "validatorgov", code: 1107 });
    });
    it("4. a recovery no longer pending (1106), even one that was approved", async () => {
      await chain.mustDeliver(mallory, [msg.recover(mallory.address, gamma.address, newop2.address, "key lost")]);
      vetoedRecovery = pendingId(chain, gamma.address);
      expect((await chain.govExec([msg.approveRecovery(vetoedRecovery)])).log).toBe("");
      await chain.mustDeliver(gamma, [msg.cancel(gamma.address, vetoedRecovery)]);
      expect(query.rotation(chain, vetoedRecovery)).toMatchObject({ approved: true, status: RotationStatus.ROTATION_STATUS_VETOED });
      expect(await chain.govExec([msg.approveRecovery(vetoedRecovery)])).toMatchObject({ codespace: "validatorgov", code: 1106 });
    });
    it("5. a recovery already approved (1108)", async () => {
      await chain.mustDeliver(mallory, [msg.recover(mallory.address, beta.address, newop2.address, "key lost")]);
      const id = pendingId(chain, beta.address);
      expect((await chain.govExec([msg.approveRecovery(id)])).log).toBe("");
      expect(await chain.govExec([msg.approveRecovery(id)])).toMatchObject({ codespace: "validatorgov", code: 1108 });
      expect(await chain.govExec([msg.approveRecovery(id, false)])).toMatchObject({ codespace: "validatorgov", code: 1108 });
    });
  });

  describe("rule 34: any block tx the current operator signs vetoes its pending recovery", () => {
    // beta's approved recovery (rule 33 above) paused its validator.
    it("neither a simulation nor mempool admission vetoes", async () => {
      const id = pendingId(chain, beta.address);
      expect(stakingValidator(chain, beta).jailed).toBe(true);
      const tx = chain.sign(beta, [msg.send(beta.address, funder.address, 1n)]);
      chain.app.simulate({ txBytes: tx, tx: undefined });
      expect(chain.app.checkTx({ tx, type: CheckTxType.NEW }, { keep: false }).code).toBe(0);
      await chain.mustDeliver(mallory, [msg.send(mallory.address, funder.address, 1n)]);
      expect(query.rotation(chain, id).status).toBe(RotationStatus.ROTATION_STATUS_PENDING);
    });

    it("a tx whose message fails vetoes all the same, at its height, and un-pauses the validator", async () => {
      const id = pendingId(chain, beta.address);
      const res = await chain.deliver(beta, [msg.send(beta.address, funder.address, 10n ** 30n)]);
      expect({ codespace: res.codespace, code: res.code }).toEqual({ codespace: "sdk", code: 5 });
      expect(resolved(res)).toEqual([
        expect.objectContaining({ rotation_id: id.toString(), status: "ROTATION_STATUS_VETOED", kind: "ROTATION_KIND_RECOVERY" }),
      ]);
      expect(query.rotation(chain, id)).toMatchObject({ status: RotationStatus.ROTATION_STATUS_VETOED, resolvedAtHeight: res.height });
      expect(query.pending(chain, beta.address).found).toBe(false);
      expect(stakingValidator(chain, beta).jailed).toBe(false);
    });

    it("a plain bank send vetoes a recovery not yet approved", async () => {
      await chain.mustDeliver(mallory, [msg.recover(mallory.address, gamma.address, newop2.address, "key lost")]);
      const id = pendingId(chain, gamma.address);
      const res = await chain.mustDeliver(gamma, [msg.send(gamma.address, funder.address, ONE_YML)]);
      expect(resolved(res)).toHaveLength(1);
      expect(query.rotation(chain, id)).toMatchObject({
        approved: false,
        status: RotationStatus.ROTATION_STATUS_VETOED,
        resolvedAtHeight: res.height,
      });
    });

    it("the operator's own refused message counts as its signature (MsgRotateOperator while the recovery is open: 1104)", async () => {
      await chain.mustDeliver(mallory, [msg.recover(mallory.address, gamma.address, newop2.address, "key lost")]);
      const id = pendingId(chain, gamma.address);
      expectVgovError(await chain.deliver(gamma, [msg.rotate(gamma.address, newop.address)]), 1104);
      expect(query.rotation(chain, id).status).toBe(RotationStatus.ROTATION_STATUS_VETOED);
    });

    it("an explicit veto (MsgCancelOperatorRotation) still succeeds and resolves once", async () => {
      await chain.mustDeliver(mallory, [msg.recover(mallory.address, gamma.address, newop2.address, "key lost")]);
      const id = pendingId(chain, gamma.address);
      const res = await chain.mustDeliver(gamma, [msg.cancel(gamma.address, id)]);
      expect(resolved(res)).toEqual([expect.objectContaining({ rotation_id: id.toString(), status: "ROTATION_STATUS_VETOED" })]);
    });

    it("a recovery opened earlier in the same block is vetoed by a later tx of that block", async () => {
      const propose = chain.sign(mallory, [msg.recover(mallory.address, gamma.address, newop2.address, "key lost")]);
      const send = chain.sign(gamma, [msg.send(gamma.address, funder.address, 1n)]);
      for (const tx of [propose, send]) expect((await chain.engine.broadcastTxSync(tx)).code).toBe(0);
      const block = await chain.engine.produceBlock();
      expect(block.response.txResults.map((r) => r.code)).toEqual([0, 0]);
      const id = BigInt(typed(block.response.txResults[0].events, "EventRotationProposed")[0].rotation_id as string);
      expect(typed(block.response.txResults[1].events, "EventRotationResolved")).toHaveLength(1);
      expect(query.rotation(chain, id)).toMatchObject({
        currentOperator: gamma.address,
        status: RotationStatus.ROTATION_STATUS_VETOED,
        resolvedAtHeight: block.height,
      });
    });

    it("while no recovery is pending, the check after each tx reads no state", async () => {
      const vgov = chain.app.modules.modules.find((m) => m.name === "validatorgov") as unknown as { keeper: ValidatorgovKeeper };
      const reads = vi.spyOn(vgov.keeper.pendingByOperator, "get");
      try {
        await chain.produceBlocks(1);
        reads.mockClear();
        await chain.mustDeliver(gamma, [msg.send(gamma.address, funder.address, 1n)]);
        expect(reads).not.toHaveBeenCalled();
      } finally {
        reads.mockRestore();
      }
    });

    it("a planned rotation is never vetoed by its operator's txs", async () => {
      const id = pendingId(chain, alpha.address);
      await chain.mustDeliver(alpha, [msg.send(alpha.address, funder.address, 1n)]);
      expect(query.rotation(chain, id).status).toBe(RotationStatus.ROTATION_STATUS_PENDING);
    });
  });

  describe("rule 35: the recovery window is never shorter than the planned delay", () => {
    const params = {
      plannedRotationDelayBlocks: DELAY,
      recoveryChallengeWindowBlocks: DELAY,
      attestationIntervalBlocks: 100_000n,
      seatBondAmount: ONE_YML.toString(),
    };

    it("MsgUpdateParams with recovery_challenge_window_blocks below planned_rotation_delay_blocks is 1117; equal passes", async () => {
      expect(await chain.govExec([msg.updateParams({ ...params, recoveryChallengeWindowBlocks: DELAY - 1n })])).toMatchObject({
        codespace: "validatorgov",
        code: 1117,
      });
      expect(query.params(chain).recoveryChallengeWindowBlocks).toBe(DELAY);
      expect((await chain.govExec([msg.updateParams({ ...params, plannedRotationDelayBlocks: DELAY - 1n })])).log).toBe("");
      expect(query.params(chain)).toEqual({ ...params, plannedRotationDelayBlocks: DELAY - 1n });
    });

    it("a genesis saying so is refused", () => {
      const g = defaultValidatorgovGenesis();
      expect(() =>
        validateValidatorgovGenesis({ ...g, params: { ...g.params!, plannedRotationDelayBlocks: 10n, recoveryChallengeWindowBlocks: 9n } }),
      ).toThrow(/recovery_challenge_window_blocks/);
    });
  });
});
