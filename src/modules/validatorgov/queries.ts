import * as q from "../../gen/blockchain/validatorgov/v1/query";
import { OperatorRotation } from "../../gen/blockchain/validatorgov/v1/rotation";
import { defineQuery, orNotFound, queryAddress, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { ValidatorgovKeeper } from "./keeper";

const P = "/blockchain.validatorgov.v1.Query/";
const R = "/blockchain/validatorgov/v1";
const A = q.JurisdictionAgreement;

export function validatorgovQueries(k: ValidatorgovKeeper): QueryDef[] {
  return [
    defineQuery({
      path: P + "Params", requestCodec: q.QueryParamsRequest, responseCodec: q.QueryParamsResponse, rest: `${R}/params`,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      path: P + "GetValidatorApplication", requestCodec: q.QueryGetValidatorApplicationRequest, responseCodec: q.QueryGetValidatorApplicationResponse,
      rest: `${R}/validator_application/{candidate}`,
      handle: (ctx, req) => ({
        validatorApplication: orNotFound(k.applications.get(ctx, queryAddress(req.candidate, "candidate")), `validator application of ${req.candidate} not found`),
      }),
    }),
    defineQuery({
      path: P + "ListValidatorApplication", requestCodec: q.QueryAllValidatorApplicationRequest, responseCodec: q.QueryAllValidatorApplicationResponse,
      rest: `${R}/validator_application`,
      handle: (ctx, req) => valuesPage(ctx, k.applications, req.pagination, "validatorApplication"),
    }),
    defineQuery({
      path: P + "GetApprovedValidator", requestCodec: q.QueryGetApprovedValidatorRequest, responseCodec: q.QueryGetApprovedValidatorResponse,
      rest: `${R}/approved_validator/{candidate}`,
      handle: (ctx, req) => ({
        approvedValidator: orNotFound(k.approved.get(ctx, queryAddress(req.candidate, "candidate")), `approved validator ${req.candidate} not found`),
      }),
    }),
    defineQuery({
      path: P + "ListApprovedValidator", requestCodec: q.QueryAllApprovedValidatorRequest, responseCodec: q.QueryAllApprovedValidatorResponse,
      rest: `${R}/approved_validator`,
      handle: (ctx, req) => valuesPage(ctx, k.approved, req.pagination, "approvedValidator"),
    }),
    defineQuery({
      path: P + "GetOperatorRotation", requestCodec: q.QueryGetOperatorRotationRequest, responseCodec: q.QueryGetOperatorRotationResponse,
      rest: `${R}/operator_rotation/{id}`,
      handle: (ctx, req) => ({ operatorRotation: orNotFound(k.rotations.get(ctx, req.id), `operator rotation ${req.id} not found`) }),
    }),
    defineQuery({
      path: P + "ListOperatorRotation", requestCodec: q.QueryAllOperatorRotationRequest, responseCodec: q.QueryAllOperatorRotationResponse,
      rest: `${R}/operator_rotation`,
      handle: (ctx, req) => valuesPage(ctx, k.rotations, req.pagination, "operatorRotation"),
    }),
    defineQuery({
      path: P + "PendingOperatorRotation", requestCodec: q.QueryPendingOperatorRotationRequest, responseCodec: q.QueryPendingOperatorRotationResponse,
      rest: `${R}/pending_operator_rotation/{current_operator}`,
      handle: (ctx, req) => {
        const id = k.pendingByOperator.get(ctx, queryAddress(req.currentOperator, "current_operator"));
        return id === undefined
          ? { found: false, operatorRotation: OperatorRotation.fromPartial({}) }
          : { found: true, operatorRotation: k.rotations.get(ctx, id)! };
      },
    }),
    defineQuery({
      path: P + "Concentration", requestCodec: q.QueryConcentrationRequest, responseCodec: q.QueryConcentrationResponse,
      rest: `${R}/concentration`,
      handle: (ctx) => {
        const inv = k.invariants(ctx);
        if (!inv) return { groups: [], totalPower: 0n, activeValidators: 0, minActiveValidators: 0 };
        const view = k.concentration(ctx, inv);
        return { groups: view.groups, totalPower: view.total, activeValidators: view.activeValidators, minActiveValidators: inv.minActiveValidators };
      },
    }),
    defineQuery({
      path: P + "ListDemotion", requestCodec: q.QueryAllDemotionRequest, responseCodec: q.QueryAllDemotionResponse,
      rest: `${R}/demotion`,
      handle: (ctx, req) => valuesPage(ctx, k.demotions, req.pagination, "demotion"),
    }),
    defineQuery({
      path: P + "JurisdictionReconciliation", requestCodec: q.QueryJurisdictionReconciliationRequest, responseCodec: q.QueryJurisdictionReconciliationResponse,
      rest: `${R}/jurisdiction_reconciliation`,
      handle: (ctx) => {
        const counts = { agree: 0, disagree: 0, unrecorded: 0 };
        const records = k.reconcile(ctx).map((r): q.JurisdictionReconciliation => {
          const agreement = !r.recorded ? A.JURISDICTION_AGREEMENT_UNRECORDED
            : r.recorded.country === r.declared ? A.JURISDICTION_AGREEMENT_AGREE : A.JURISDICTION_AGREEMENT_DISAGREE;
          if (agreement === A.JURISDICTION_AGREEMENT_AGREE) counts.agree++;
          else if (agreement === A.JURISDICTION_AGREEMENT_DISAGREE) counts.disagree++;
          else counts.unrecorded++;
          return {
            candidate: r.candidate, declaredJurisdiction: r.declared,
            recordedJurisdiction: r.recorded?.country ?? "", recordedBy: r.recorded?.recordedBy ?? "", recordedAtHeight: r.recorded?.recordedAtHeight ?? 0n,
            agreement,
          };
        });
        return { records, agreeCount: counts.agree, disagreeCount: counts.disagree, unrecordedCount: counts.unrecorded };
      },
    }),
  ];
}
