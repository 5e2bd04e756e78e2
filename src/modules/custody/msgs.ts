import * as tx from "../../gen/blockchain/custody/v1/tx";
import { accAddress } from "../../types/address";
import { defineAuthorityMsg, defineMsg, defineUpdateParamsMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { custodyErrors as E } from "./errors";
import type { CustodyKeeper } from "./keeper";
import { MAX_REF_CHARS, parseAmount, text, validDenom } from "./fields";
import { validateCustodyParams } from "./params";

const AMINO = "blockchain/x/custody/";
const MAX_EXPONENT = 18;

export { parseAmount } from "./fields";

export function custodyMsgs(k: CustodyKeeper): MsgDef[] {
  return [
    defineAuthorityMsg({
      codec: tx.MsgRegisterAsset,
      responseCodec: tx.MsgRegisterAssetResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgRegisterAsset",
      validate: (m) => {
        validDenom(m.denom);
        text(m.sourceChain, "source_chain", MAX_REF_CHARS);
        if (!/^[A-Za-z][A-Za-z0-9]{0,31}$/.test(m.symbol))
          throw sdkErrors.ErrInvalidRequest.wrap("symbol must be 1-32 letters and digits, starting with a letter");
        if (m.exponent > MAX_EXPONENT) throw sdkErrors.ErrInvalidRequest.wrap(`exponent must be at most ${MAX_EXPONENT}`);
      },
      handle: (ctx, m) => {
        k.registerAsset(ctx, { denom: m.denom, sourceChain: m.sourceChain, symbol: m.symbol, exponent: m.exponent });
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgSetAttestor,
      responseCodec: tx.MsgSetAttestorResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgSetAttestor",
      validate: (m) => {
        accAddress.validate(m.attestor);
      },
      handle: (ctx, m) => {
        k.setAttestor(ctx, m.attestor, m.active);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgAttestDeposit,
      responseCodec: tx.MsgAttestDepositResponse,
      signer: "attestor",
      aminoName: AMINO + "MsgAttestDeposit",
      // Every field is checked in the handler, after the attestor, the asset and its pause.
      handle: (ctx, m) => k.attestDeposit(ctx, m),
    }),
    defineMsg({
      codec: tx.MsgReportReserve,
      responseCodec: tx.MsgReportReserveResponse,
      signer: "attestor",
      aminoName: AMINO + "MsgReportReserve",
      validate: (m) => {
        validDenom(m.denom);
        return parseAmount(m.held, "held", true);
      },
      handle: (ctx, m, amount) => {
        k.reportReserve(ctx, m.attestor, m.denom, amount);
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgWithdrawFees,
      responseCodec: tx.MsgWithdrawFeesResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgWithdrawFees",
      validate: (m) => {
        validDenom(m.denom);
        accAddress.validate(m.recipient);
        return parseAmount(m.amount, "amount", true);
      },
      handle: (ctx, m, amount) => {
        const paid = k.withdrawFees(ctx, m.denom, m.recipient, amount);
        return { paid: { denom: m.denom, amount: paid.toString() } };
      },
    }),
    defineMsg({
      codec: tx.MsgRequestRedemption,
      responseCodec: tx.MsgRequestRedemptionResponse,
      signer: "redeemer",
      aminoName: AMINO + "MsgRequestRedemption",
      validate: (m) => {
        validDenom(m.denom);
        const amount = parseAmount(m.amount, "amount");
        text(m.destination, "destination");
        return amount;
      },
      handle: (ctx, m, amount) => {
        const r = k.requestRedemption(ctx, m.redeemer, m.denom, amount, m.destination);
        return { redemptionId: r.id, payableAtHeight: r.payableAtHeight };
      },
    }),
    defineMsg({
      codec: tx.MsgSettleRedemption,
      responseCodec: tx.MsgSettleRedemptionResponse,
      signer: "attestor",
      aminoName: AMINO + "MsgSettleRedemption",
      // settled_ref is checked in the handler, once the redemption is known to be payable.
      handle: (ctx, m) => {
        k.settleRedemption(ctx, m.attestor, m.redemptionId, m.settledRef);
        return {};
      },
    }),
    defineUpdateParamsMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams",
      invalidSigner: E.ErrInvalidSigner,
      missingParams: E.ErrInvalidParams,
      validate: validateCustodyParams,
      store: k.params,
    }),
  ];
}
