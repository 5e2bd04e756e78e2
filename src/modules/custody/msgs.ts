import * as tx from "../../gen/blockchain/custody/v1/tx";
import { accAddress } from "../../types/address";
import { requireAuthority } from "../../types/authority";
import { defineMsg, defineUpdateParamsMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { custodyErrors as E } from "./errors";
import type { CustodyKeeper } from "./keeper";
import { MAX_REF_CHARS, parseAmount, text, validDenom } from "./fields";
import { validateCustodyParams } from "./params";

const T = "/blockchain.custody.v1.";
const AMINO = "blockchain/x/custody/";
const MAX_EXPONENT = 18;

export { parseAmount } from "./fields";

export function custodyMsgs(k: CustodyKeeper): MsgDef[] {
  return [
    defineMsg({
      typeUrl: T + "MsgRegisterAsset", codec: tx.MsgRegisterAsset, responseCodec: tx.MsgRegisterAssetResponse,
      signer: "authority", aminoName: AMINO + "MsgRegisterAsset",
      validate: (m) => {
        validDenom(m.denom);
        text(m.sourceChain, "source_chain", MAX_REF_CHARS);
        if (!/^[A-Za-z][A-Za-z0-9]{0,31}$/.test(m.symbol)) throw sdkErrors.ErrInvalidRequest.wrap("symbol must be 1-32 letters and digits, starting with a letter");
        if (m.exponent > MAX_EXPONENT) throw sdkErrors.ErrInvalidRequest.wrap(`exponent must be at most ${MAX_EXPONENT}`);
      },
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrInvalidSigner);
        k.registerAsset(ctx, { denom: m.denom, sourceChain: m.sourceChain, symbol: m.symbol, exponent: m.exponent });
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgSetAttestor", codec: tx.MsgSetAttestor, responseCodec: tx.MsgSetAttestorResponse,
      signer: "authority", aminoName: AMINO + "MsgSetAttestor",
      validate: (m) => {
        accAddress.validate(m.attestor);
      },
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrInvalidSigner);
        k.setAttestor(ctx, m.attestor, m.active);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgAttestDeposit", codec: tx.MsgAttestDeposit, responseCodec: tx.MsgAttestDepositResponse,
      signer: "attestor", aminoName: AMINO + "MsgAttestDeposit",
      // Every field is checked in the handler, after the attestor, the asset and its pause.
      handle: (ctx, m) => k.attestDeposit(ctx, m),
    }),
    defineMsg({
      typeUrl: T + "MsgReportReserve", codec: tx.MsgReportReserve, responseCodec: tx.MsgReportReserveResponse,
      signer: "attestor", aminoName: AMINO + "MsgReportReserve",
      validate: (m) => {
        validDenom(m.denom);
        parseAmount(m.held, "held", true);
      },
      handle: (ctx, m) => {
        k.reportReserve(ctx, m.attestor, m.denom, parseAmount(m.held, "held", true));
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgWithdrawFees", codec: tx.MsgWithdrawFees, responseCodec: tx.MsgWithdrawFeesResponse,
      signer: "authority", aminoName: AMINO + "MsgWithdrawFees",
      validate: (m) => {
        validDenom(m.denom);
        accAddress.validate(m.recipient);
        parseAmount(m.amount, "amount", true);
      },
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrInvalidSigner);
        const paid = k.withdrawFees(ctx, m.denom, m.recipient, parseAmount(m.amount, "amount", true));
        return { paid: { denom: m.denom, amount: paid.toString() } };
      },
    }),
    defineMsg({
      typeUrl: T + "MsgRequestRedemption", codec: tx.MsgRequestRedemption, responseCodec: tx.MsgRequestRedemptionResponse,
      signer: "redeemer", aminoName: AMINO + "MsgRequestRedemption",
      validate: (m) => {
        validDenom(m.denom);
        parseAmount(m.amount, "amount");
        text(m.destination, "destination");
      },
      handle: (ctx, m) => {
        const r = k.requestRedemption(ctx, m.redeemer, m.denom, parseAmount(m.amount, "amount"), m.destination);
        return { redemptionId: r.id, payableAtHeight: r.payableAtHeight };
      },
    }),
    defineMsg({
      typeUrl: T + "MsgSettleRedemption", codec: tx.MsgSettleRedemption, responseCodec: tx.MsgSettleRedemptionResponse,
      signer: "attestor", aminoName: AMINO + "MsgSettleRedemption",
      // settled_ref is checked in the handler, once the redemption is known to be payable.
      handle: (ctx, m) => {
        k.settleRedemption(ctx, m.attestor, m.redemptionId, m.settledRef);
        return {};
      },
    }),
    defineUpdateParamsMsg({
      typeUrl: T + "MsgUpdateParams", codec: tx.MsgUpdateParams, responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams",
      invalidSigner: E.ErrInvalidSigner,
      missingParams: E.ErrInvalidParams,
      validate: validateCustodyParams,
      store: k.params,
    }),
  ];
}
