import * as tx from "../../gen/blockchain/treasury/v1/tx";
import { accAddress } from "../../types/address";
import { defineMsg, defineUpdateParamsMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { treasuryErrors as E } from "./errors";
import type { TreasuryKeeper } from "./keeper";
import { validateTreasuryParams } from "./params";
import { coinsOf, noReservedBytes, positiveAmount, requireDenom, validatePolicy } from "./validation";

const AMINO = "blockchain/x/treasury/";
const MAX_NAME_CHARS = 128;
const MAX_MEMO_CHARS = 256;
const MAX_REASON_CHARS = 512;
function memo(m: string): void {
  if ([...m].length > MAX_MEMO_CHARS) throw sdkErrors.ErrInvalidRequest.wrap(`memo longer than ${MAX_MEMO_CHARS} characters`);
}

export function treasuryMsgs(k: TreasuryKeeper): MsgDef[] {
  return [
    defineUpdateParamsMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams",
      invalidSigner: E.ErrInvalidSigner,
      missingParams: E.ErrInvalidParams,
      validate: validateTreasuryParams,
      store: k.params,
    }),
    defineMsg({
      codec: tx.MsgCreateTreasury,
      responseCodec: tx.MsgCreateTreasuryResponse,
      signer: "creator",
      validate: (m) => {
        accAddress.validate(m.creator);
        if (m.admin !== "") accAddress.validate(m.admin);
        if ([...m.name].length > MAX_NAME_CHARS) throw sdkErrors.ErrInvalidRequest.wrap(`name longer than ${MAX_NAME_CHARS} characters`);
      },
      handle: (ctx, m) => ({ id: k.createTreasury(ctx, m.name, m.admin === "" ? m.creator : m.admin) }),
    }),
    defineMsg({
      codec: tx.MsgDeposit,
      responseCodec: tx.MsgDepositResponse,
      signer: "depositor",
      validate: (m) => {
        accAddress.validate(m.depositor);
        return coinsOf(m.amount);
      },
      handle: (ctx, m, coins) => {
        k.deposit(ctx, m.depositor, m.treasuryId, coins);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgSpend,
      responseCodec: tx.MsgSpendResponse,
      signer: "spender",
      validate: (m) => {
        accAddress.validate(m.spender);
        accAddress.validate(m.recipient);
        memo(m.memo);
      },
      handle: (ctx, m) => {
        k.spend(ctx, m.spender, m);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgCreateLock,
      responseCodec: tx.MsgCreateLockResponse,
      signer: "admin",
      validate: (m) => {
        accAddress.validate(m.admin);
        accAddress.validate(m.beneficiary);
      },
      handle: (ctx, m) => ({ id: k.createLock(ctx, m) }),
    }),
    defineMsg({
      codec: tx.MsgClaimLock,
      responseCodec: tx.MsgClaimLockResponse,
      signer: "beneficiary",
      validate: (m) => void accAddress.validate(m.beneficiary),
      handle: (ctx, m) => ({ released: k.claim(ctx, m.beneficiary, m.lockId).toString() }),
    }),
    defineMsg({
      codec: tx.MsgRevokeLock,
      responseCodec: tx.MsgRevokeLockResponse,
      signer: "admin",
      validate: (m) => void accAddress.validate(m.admin),
      handle: (ctx, m) => {
        const r = k.revoke(ctx, m.admin, m.lockId);
        return { returned: r.returned.toString(), vestedToBeneficiary: r.vested.toString() };
      },
    }),
    defineMsg({
      codec: tx.MsgOpenEscrow,
      responseCodec: tx.MsgOpenEscrowResponse,
      signer: "depositor",
      aminoName: AMINO + "MsgOpenEscrow",
      validate: (m) => {
        accAddress.validate(m.depositor);
        accAddress.validate(m.beneficiary);
        accAddress.validate(m.moderator);
        if (!m.amount) throw E.ErrInvalidAmount.wrap("amount must be set");
        requireDenom(m.amount.denom);
        const amount = { denom: m.amount.denom, amount: positiveAmount(m.amount.amount) };
        memo(m.memo);
        noReservedBytes(m);
        return amount;
      },
      handle: (ctx, m, amount) => ({
        lockId: k.openEscrow(ctx, m.depositor, m.beneficiary, m.moderator, amount),
      }),
    }),
    defineMsg({
      codec: tx.MsgReleaseEscrow,
      responseCodec: tx.MsgReleaseEscrowResponse,
      signer: "depositor",
      aminoName: AMINO + "MsgReleaseEscrow",
      validate: (m) => void accAddress.validate(m.depositor),
      handle: (ctx, m) => {
        k.releaseEscrow(ctx, m.depositor, m.lockId);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgDisputeEscrow,
      responseCodec: tx.MsgDisputeEscrowResponse,
      signer: "party",
      aminoName: AMINO + "MsgDisputeEscrow",
      validate: (m) => {
        accAddress.validate(m.party);
        if (m.reason.trim() === "") throw E.ErrNoReason.wrap("a dispute needs a reason");
        if ([...m.reason].length > MAX_REASON_CHARS)
          throw sdkErrors.ErrInvalidRequest.wrap(`reason longer than ${MAX_REASON_CHARS} characters`);
      },
      handle: (ctx, m) => {
        k.disputeEscrow(ctx, m.party, m.lockId, m.reason);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgResolveEscrow,
      responseCodec: tx.MsgResolveEscrowResponse,
      signer: "moderator",
      aminoName: AMINO + "MsgResolveEscrow",
      validate: (m) => void accAddress.validate(m.moderator),
      handle: (ctx, m) => {
        k.resolveEscrow(ctx, m.moderator, m.lockId, m.payBeneficiary);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgAssignRole,
      responseCodec: tx.MsgAssignRoleResponse,
      signer: "admin",
      validate: (m) => {
        accAddress.validate(m.admin);
        accAddress.validate(m.address);
      },
      handle: (ctx, m) => {
        k.assignRole(ctx, m.admin, m.treasuryId, m.address, m.role);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgRevokeRole,
      responseCodec: tx.MsgRevokeRoleResponse,
      signer: "admin",
      validate: (m) => {
        accAddress.validate(m.admin);
        accAddress.validate(m.address);
      },
      handle: (ctx, m) => {
        k.revokeRole(ctx, m.admin, m.treasuryId, m.address);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgSetSpendPolicy,
      responseCodec: tx.MsgSetSpendPolicyResponse,
      signer: "admin",
      validate: (m) => {
        accAddress.validate(m.admin);
        if (!m.policy) throw sdkErrors.ErrInvalidRequest.wrap("policy must be set");
        validatePolicy(m.policy);
      },
      handle: (ctx, m) => {
        const p = m.policy!;
        const canon = {
          ...p,
          perTransactionLimit: p.perTransactionLimit === "" ? "" : BigInt(p.perTransactionLimit).toString(),
          periodLimit: p.periodLimit === "" ? "" : BigInt(p.periodLimit).toString(),
        };
        k.setSpendPolicy(ctx, m.admin, canon);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgSetPaused,
      responseCodec: tx.MsgSetPausedResponse,
      signer: "sender",
      validate: (m) => void accAddress.validate(m.sender),
      handle: (ctx, m) => {
        k.setPaused(ctx, m.sender, m.treasuryId, m.paused);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgSetAdmin,
      responseCodec: tx.MsgSetAdminResponse,
      signer: "admin",
      validate: (m) => {
        accAddress.validate(m.admin);
        accAddress.validate(m.newAdmin);
      },
      handle: (ctx, m) => {
        k.setAdmin(ctx, m.admin, m.treasuryId, m.newAdmin);
        return {};
      },
    }),
  ];
}
