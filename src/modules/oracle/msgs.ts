import * as tx from "../../gen/blockchain/oracle/v1/tx";
import { accAddress, valAddress } from "../../types/address";
import { defineAuthorityMsg, defineMsg, defineUpdateParamsMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { oracleErrors as E } from "./errors";
import type { OracleKeeper } from "./keeper";
import { limit, oracleLimits as L, printable, validDenom, validId } from "./limits";
import { validateOracleParams } from "./params";

const AMINO = "blockchain/x/oracle/";

export function oracleMsgs(k: OracleKeeper): MsgDef[] {
  return [
    defineUpdateParamsMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams",
      invalidSigner: E.ErrInvalidSigner,
      validate: validateOracleParams,
      store: k.params,
    }),
    defineMsg({
      codec: tx.MsgSubmitExchangeRates,
      responseCodec: tx.MsgSubmitExchangeRatesResponse,
      signer: "feeder",
      // Only the addresses at the door: the entries are checked after the validator and the feeder.
      validate: (m) => {
        accAddress.validate(m.feeder);
        valAddress.decode(m.validator);
      },
      handle: (ctx, m) => {
        k.submitRates(ctx, m.feeder, m.validator, m.rates);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgDelegateFeeder,
      responseCodec: tx.MsgDelegateFeederResponse,
      signer: "operator",
      validate: (m) => {
        limit(m.validator, L.maxIdChars, "validator");
        accAddress.validate(m.operator);
        accAddress.validate(m.feeder);
      },
      handle: (ctx, m) => {
        k.delegateFeeder(ctx, m.operator, m.validator, m.feeder);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgApplyAppraiser,
      responseCodec: tx.MsgApplyAppraiserResponse,
      signer: "creator",
      // The class-id count is a parameter, checked before any single id: all in the handler.
      validate: (m) => {
        accAddress.validate(m.creator);
      },
      handle: (ctx, m) => {
        k.applyAppraiser(ctx, m.creator, m.name, m.credentials, m.classIds);
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgApproveAppraiser,
      responseCodec: tx.MsgApproveAppraiserResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgApproveAppraiser",
      validate: (m) => {
        limit(m.appraiser, L.maxIdChars, "appraiser");
      },
      handle: (ctx, m) => {
        k.decideAppraiser(ctx, m.appraiser, m.approve, m.classIds);
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgRevokeAppraiser,
      responseCodec: tx.MsgRevokeAppraiserResponse,
      invalidSigner: E.ErrInvalidSigner,
      aminoName: AMINO + "MsgRevokeAppraiser",
      validate: (m) => {
        limit(m.reason, L.maxReasonChars, "reason");
        limit(m.appraiser, L.maxIdChars, "appraiser");
        printable(m.reason, "reason", true);
      },
      handle: (ctx, m) => {
        k.revokeAppraiser(ctx, m.appraiser, m.reason);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgSubmitAppraisal,
      responseCodec: tx.MsgSubmitAppraisalResponse,
      signer: "appraiser",
      validate: (m) => {
        limit(m.classId, L.maxIdChars, "class_id");
        limit(m.nftId, L.maxIdChars, "nft_id");
        limit(m.value, L.maxValueDigits, "value");
        limit(m.valueDenom, L.maxDenomChars, "value_denom");
        limit(m.method, L.maxMethodChars, "method");
        limit(m.reportUri, L.maxReportUriChars, "report_uri");
        limit(m.reportHash, L.maxReportHashChars, "report_hash");
        accAddress.validate(m.appraiser);
        validId(m.classId, "class_id");
        validId(m.nftId, "nft_id");
        printable(m.method, "method");
        printable(m.reportUri, "report_uri");
        printable(m.reportHash, "report_hash");
        if (!/^[0-9]+$/.test(m.value) || BigInt(m.value) === 0n)
          throw E.ErrInvalidValuation.wrap(`value ${JSON.stringify(m.value)} must be a positive integer in base units`);
        validDenom(m.valueDenom, E.ErrInvalidValuation, "value_denom");
        if (m.valuedAt <= 0n) throw E.ErrInvalidValuation.wrap("valued_at must be a positive Unix time");
        // Canonical digits (no leading zeros), as stored.
        return BigInt(m.value).toString();
      },
      handle: (ctx, m, value) => {
        k.submitAppraisal(ctx, {
          appraiser: m.appraiser,
          classId: m.classId,
          nftId: m.nftId,
          value,
          valueDenom: m.valueDenom,
          valuedAt: m.valuedAt,
          method: m.method,
          reportUri: m.reportUri,
          reportHash: m.reportHash,
        });
        return {};
      },
    }),
  ];
}
