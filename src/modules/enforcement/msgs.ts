import { CaseAction, VoteOption } from "../../gen/blockchain/enforcement/v1/enforcement";
import * as tx from "../../gen/blockchain/enforcement/v1/tx";
import { accAddress } from "../../types/address";
import { defineAuthorityMsg, defineMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { enforcementErrors as E } from "./errors";
import type { EnforcementKeeper } from "./keeper";
import { checkAgainstInvariants, validateEnforcementParams } from "./params";

const AMINO = "blockchain/x/enforcement/";
const HEX64 = /^[0-9a-f]{64}$/;

function requireReason(reason: string, what = "reason"): void {
  if (reason.trim() === "") throw E.ErrInvalidCase.wrap(`${what} is required`);
}

function validEvidenceHash(hash: string): void {
  if (hash !== "" && !HEX64.test(hash)) throw E.ErrInvalidCase.wrap("evidence_hash must be SHA-256 in lowercase hex");
}

function validCaseId(id: bigint): void {
  if (id === 0n) throw E.ErrCaseNotFound.wrap("case ids start at 1");
}

export function enforcementMsgs(k: EnforcementKeeper): MsgDef[] {
  return [
    defineAuthorityMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgUpdateParams",
      handle: (ctx, m) => {
        if (!m.params) throw sdkErrors.ErrInvalidRequest.wrap("params must be set");
        const params = checkAgainstInvariants(validateEnforcementParams(m.params), k.deps.constitution.findInvariants(ctx));
        k.params.set(ctx, params);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgOpenCase,
      responseCodec: tx.MsgOpenCaseResponse,
      signer: "opener",
      aminoName: AMINO + "MsgOpenCase",
      validate: (m) => {
        accAddress.validate(m.opener);
        accAddress.validate(m.target);
        if (m.action !== CaseAction.CASE_ACTION_FREEZE && m.action !== CaseAction.CASE_ACTION_SEIZE)
          throw E.ErrInvalidCase.wrap("action must be freeze or seize");
        requireReason(m.reason);
        validEvidenceHash(m.evidenceHash);
      },
      handle: (ctx, m) => ({
        id: k.openCase(ctx, {
          signer: m.opener,
          target: m.target,
          action: m.action,
          reason: m.reason,
          evidenceUri: m.evidenceUri,
          evidenceHash: m.evidenceHash,
          legalInstrument: m.legalInstrument,
          emergencyOnly: false,
        }),
      }),
    }),
    defineMsg({
      codec: tx.MsgVoteCase,
      responseCodec: tx.MsgVoteCaseResponse,
      signer: "voter",
      aminoName: AMINO + "MsgVoteCase",
      validate: (m) => {
        accAddress.validate(m.voter);
        validCaseId(m.caseId);
        if (![VoteOption.VOTE_OPTION_YES, VoteOption.VOTE_OPTION_NO, VoteOption.VOTE_OPTION_ABSTAIN].includes(m.option))
          throw E.ErrInvalidCase.wrap("option must be yes, no or abstain");
      },
      handle: (ctx, m) => {
        k.vote(ctx, m.voter, m.caseId, m.option);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgWithdrawCase,
      responseCodec: tx.MsgWithdrawCaseResponse,
      signer: "opener",
      aminoName: AMINO + "MsgWithdrawCase",
      validate: (m) => {
        accAddress.validate(m.opener);
        validCaseId(m.caseId);
      },
      handle: (ctx, m) => {
        k.withdraw(ctx, m.opener, m.caseId);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgSweep,
      responseCodec: tx.MsgSweepResponse,
      signer: "sender",
      aminoName: AMINO + "MsgSweep",
      validate: (m) => {
        accAddress.validate(m.sender);
        validCaseId(m.caseId);
      },
      handle: (ctx, m) => k.sweep(ctx, m.sender, m.caseId),
    }),
    defineMsg({
      codec: tx.MsgEmergencyFreeze,
      responseCodec: tx.MsgEmergencyFreezeResponse,
      signer: "authority",
      aminoName: AMINO + "MsgEmergencyFreeze",
      validate: (m) => {
        accAddress.validate(m.authority);
        accAddress.validate(m.target);
        requireReason(m.reason);
        validEvidenceHash(m.evidenceHash);
      },
      handle: (ctx, m) => ({
        id: k.openCase(ctx, {
          signer: m.authority,
          target: m.target,
          action: CaseAction.CASE_ACTION_FREEZE,
          reason: m.reason,
          evidenceUri: m.evidenceUri,
          evidenceHash: m.evidenceHash,
          legalInstrument: undefined,
          emergencyOnly: true,
        }),
      }),
    }),
    defineMsg({
      codec: tx.MsgEmergencyRelease,
      responseCodec: tx.MsgEmergencyReleaseResponse,
      signer: "authority",
      aminoName: AMINO + "MsgEmergencyRelease",
      validate: (m) => {
        accAddress.validate(m.authority);
        validCaseId(m.caseId);
        requireReason(m.reason);
      },
      handle: (ctx, m) => {
        k.emergencyRelease(ctx, m.authority, m.caseId, m.reason);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgOmbudsmanVeto,
      responseCodec: tx.MsgOmbudsmanVetoResponse,
      signer: "ombudsman",
      aminoName: AMINO + "MsgOmbudsmanVeto",
      validate: (m) => {
        accAddress.validate(m.ombudsman);
        validCaseId(m.caseId);
        requireReason(m.reason);
      },
      handle: (ctx, m) => {
        k.veto(ctx, m.ombudsman, m.caseId, m.reason);
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgReverseCase,
      responseCodec: tx.MsgReverseCaseResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgReverseCase",
      validate: (m) => {
        validCaseId(m.caseId);
        requireReason(m.reason);
      },
      handle: (ctx, m) => {
        k.reverse(ctx, m.caseId, m.reason);
        return {};
      },
    }),
  ];
}
