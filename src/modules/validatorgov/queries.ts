import * as q from "../../gen/blockchain/validatorgov/v1/query";
import { OperatorRotation } from "../../gen/blockchain/validatorgov/v1/rotation";
import { defineQuery, orNotFound, queryAddress, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { ValidatorgovKeeper } from "./keeper";

const A = q.JurisdictionAgreement;

export function validatorgovQueries(k: ValidatorgovKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryGetValidatorApplicationRequest,
      responseCodec: q.QueryGetValidatorApplicationResponse,
      handle: (ctx, req) => ({
        validatorApplication: orNotFound(
          k.applications.get(ctx, queryAddress(req.candidate, "candidate")),
          `validator application of ${req.candidate} not found`,
        ),
      }),
    }),
    defineQuery({
      requestCodec: q.QueryAllValidatorApplicationRequest,
      responseCodec: q.QueryAllValidatorApplicationResponse,
      handle: (ctx, req) => valuesPage(ctx, k.applications, req.pagination, "validatorApplication"),
    }),
    defineQuery({
      requestCodec: q.QueryGetApprovedValidatorRequest,
      responseCodec: q.QueryGetApprovedValidatorResponse,
      handle: (ctx, req) => ({
        approvedValidator: orNotFound(
          k.approved.get(ctx, queryAddress(req.candidate, "candidate")),
          `approved validator ${req.candidate} not found`,
        ),
      }),
    }),
    defineQuery({
      requestCodec: q.QueryAllApprovedValidatorRequest,
      responseCodec: q.QueryAllApprovedValidatorResponse,
      handle: (ctx, req) => valuesPage(ctx, k.approved, req.pagination, "approvedValidator"),
    }),
    defineQuery({
      requestCodec: q.QueryGetOperatorRotationRequest,
      responseCodec: q.QueryGetOperatorRotationResponse,
      handle: (ctx, req) => ({ operatorRotation: orNotFound(k.rotations.get(ctx, req.id), `operator rotation ${req.id} not found`) }),
    }),
    defineQuery({
      requestCodec: q.QueryAllOperatorRotationRequest,
      responseCodec: q.QueryAllOperatorRotationResponse,
      handle: (ctx, req) => valuesPage(ctx, k.rotations, req.pagination, "operatorRotation"),
    }),
    defineQuery({
      requestCodec: q.QueryPendingOperatorRotationRequest,
      responseCodec: q.QueryPendingOperatorRotationResponse,
      handle: (ctx, req) => {
        const id = k.pendingByOperator.get(ctx, queryAddress(req.currentOperator, "current_operator"));
        return id === undefined
          ? { found: false, operatorRotation: OperatorRotation.fromPartial({}) }
          : { found: true, operatorRotation: k.rotations.get(ctx, id)! };
      },
    }),
    defineQuery({
      requestCodec: q.QueryConcentrationRequest,
      responseCodec: q.QueryConcentrationResponse,
      handle: (ctx) => {
        const inv = k.invariants(ctx);
        if (!inv) return { groups: [], totalPower: 0n, activeValidators: 0, minActiveValidators: 0 };
        const view = k.concentration(ctx, inv);
        return {
          groups: view.groups,
          totalPower: view.total,
          activeValidators: view.activeValidators,
          minActiveValidators: inv.minActiveValidators,
        };
      },
    }),
    defineQuery({
      requestCodec: q.QueryAllDemotionRequest,
      responseCodec: q.QueryAllDemotionResponse,
      handle: (ctx, req) => valuesPage(ctx, k.demotions, req.pagination, "demotion"),
    }),
    defineQuery({
      requestCodec: q.QueryJurisdictionReconciliationRequest,
      responseCodec: q.QueryJurisdictionReconciliationResponse,
      handle: (ctx) => {
        const counts = { agree: 0, disagree: 0, unrecorded: 0 };
        const records = k.reconcile(ctx).map((r): q.JurisdictionReconciliation => {
          const agreement = !r.recorded
            ? A.JURISDICTION_AGREEMENT_UNRECORDED
            : r.recorded.country === r.declared
              ? A.JURISDICTION_AGREEMENT_AGREE
              : A.JURISDICTION_AGREEMENT_DISAGREE;
          if (agreement === A.JURISDICTION_AGREEMENT_AGREE) counts.agree++;
          else if (agreement === A.JURISDICTION_AGREEMENT_DISAGREE) counts.disagree++;
          else counts.unrecorded++;
          return {
            candidate: r.candidate,
            declaredJurisdiction: r.declared,
            recordedJurisdiction: r.recorded?.country ?? "",
            recordedBy: r.recorded?.recordedBy ?? "",
            recordedAtHeight: r.recorded?.recordedAtHeight ?? 0n,
            agreement,
          };
        });
        return { records, agreeCount: counts.agree, disagreeCount: counts.disagree, unrecordedCount: counts.unrecorded };
      },
    }),
  ];
}
