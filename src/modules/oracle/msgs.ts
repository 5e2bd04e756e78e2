import * as tx from "../../gen/blockchain/oracle/v1/tx";
import { accAddress } from "../../types/address";
import { requireAuthority } from "../../types/authority";
import { defineMsg, defineUpdateParamsMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { oracleErrors as E } from "./errors";
import type { OracleKeeper } from "./keeper";
import { limit, limitCount, oracleLimits as L, printable, validDenom, validId } from "./limits";
import { validateOracleParams } from "./params";

const T = "/blockchain.oracle.v1.";
const AMINO = "blockchain/x/oracle/";

function limitClassIds(classIds: string[]): void {
  limitCount(classIds.length, L.maxClassIdsPerMsg, "class_ids");
  for (const c of classIds) limit(c, L.maxIdChars, "class_id");
}

function validClassIds(classIds: string[]): void {
  const seen = new Set<string>();
  for (const c of classIds) {
    validId(c, "class_id");
    if (seen.has(c)) throw sdkErrors.ErrInvalidRequest.wrap(`class_id ${c} listed twice`);
    seen.add(c);
  }
}

export function oracleMsgs(k: OracleKeeper): MsgDef[] {
  return [
    defineUpdateParamsMsg({
      typeUrl: T + "MsgUpdateParams",
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams",
      invalidSigner: E.ErrInvalidSigner,
      validate: validateOracleParams,
      store: k.params,
    }),
    defineMsg({
      typeUrl: T + "MsgSubmitExchangeRates",
      codec: tx.MsgSubmitExchangeRates,
      responseCodec: tx.MsgSubmitExchangeRatesResponse,
      signer: "feeder",
      validate: (m) => {
        limitCount(m.rates.length, L.maxRatesPerMsg, "rates");
        limit(m.validator, L.maxIdChars, "validator");
        for (const r of m.rates) {
          limit(r.denom, L.maxDenomChars, "denom");
          limit(r.rate, L.maxRateChars, "rate");
        }
        accAddress.validate(m.feeder);
      },
      handle: (ctx, m) => {
        k.submitRates(ctx, m.feeder, m.validator, m.rates);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgDelegateFeeder",
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
      typeUrl: T + "MsgApplyAppraiser",
      codec: tx.MsgApplyAppraiser,
      responseCodec: tx.MsgApplyAppraiserResponse,
      signer: "creator",
      validate: (m) => {
        limit(m.name, L.maxNameChars, "name");
        limit(m.credentials, L.maxCredentialsChars, "credentials");
        limitClassIds(m.classIds);
        accAddress.validate(m.creator);
        if (m.name.trim() === "") throw sdkErrors.ErrInvalidRequest.wrap("name must not be empty");
        printable(m.name, "name");
        printable(m.credentials, "credentials", true);
        validClassIds(m.classIds);
      },
      handle: (ctx, m) => {
        k.applyAppraiser(ctx, m.creator, m.name, m.credentials, m.classIds);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgApproveAppraiser",
      codec: tx.MsgApproveAppraiser,
      responseCodec: tx.MsgApproveAppraiserResponse,
      signer: "authority",
      aminoName: AMINO + "MsgApproveAppraiser",
      validate: (m) => {
        limitClassIds(m.classIds);
        limit(m.appraiser, L.maxIdChars, "appraiser");
        validClassIds(m.classIds);
      },
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrInvalidSigner);
        k.decideAppraiser(ctx, m.appraiser, m.approve, m.classIds);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgRevokeAppraiser",
      codec: tx.MsgRevokeAppraiser,
      responseCodec: tx.MsgRevokeAppraiserResponse,
      signer: "authority",
      aminoName: AMINO + "MsgRevokeAppraiser",
      validate: (m) => {
        limit(m.reason, L.maxReasonChars, "reason");
        limit(m.appraiser, L.maxIdChars, "appraiser");
        printable(m.reason, "reason", true);
      },
      handle: (ctx, m) => {
        requireAuthority(m.authority, E.ErrInvalidSigner);
        k.revokeAppraiser(ctx, m.appraiser, m.reason);
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgSubmitAppraisal",
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
        if (!/^[0-9]+$/.test(m.value) || BigInt(m.value) === 0n) throw E.ErrInvalidValuation.wrap(`value ${JSON.stringify(m.value)} must be a positive integer in base units`);
        validDenom(m.valueDenom, E.ErrInvalidValuation, "value_denom");
        if (m.valuedAt <= 0n) throw E.ErrInvalidValuation.wrap("valued_at must be a positive Unix time");
      },
      handle: (ctx, m) => {
        k.submitAppraisal(ctx, {
          appraiser: m.appraiser, classId: m.classId, nftId: m.nftId, value: BigInt(m.value).toString(), valueDenom: m.valueDenom,
          valuedAt: m.valuedAt, method: m.method, reportUri: m.reportUri, reportHash: m.reportHash,
        });
        return {};
      },
    }),
  ];
}
