import * as q from "../../gen/blockchain/paymsg/v1/query";
import { defineQuery, orNotFound, queryAddress, queryErrors, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { PaymsgKeeper } from "./keeper";

export function paymsgQueries(k: PaymsgKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryGetParticipantApplicationRequest,
      responseCodec: q.QueryGetParticipantApplicationResponse,
      handle: (ctx, req) => ({
        participantApplication: orNotFound(
          k.getApplication(ctx, queryAddress(req.creator, "creator")),
          `participant application of ${req.creator}`,
        ),
      }),
    }),
    defineQuery({
      requestCodec: q.QueryAllParticipantApplicationRequest,
      responseCodec: q.QueryAllParticipantApplicationResponse,
      handle: (ctx, req) => valuesPage(ctx, k.applications, req.pagination, "participantApplication"),
    }),
    defineQuery({
      requestCodec: q.QueryGetApprovedParticipantRequest,
      responseCodec: q.QueryGetApprovedParticipantResponse,
      handle: (ctx, req) => ({
        approvedParticipant: orNotFound(
          k.getApprovedParticipant(ctx, queryAddress(req.participant, "participant")),
          `approved participant ${req.participant}`,
        ),
      }),
    }),
    defineQuery({
      requestCodec: q.QueryAllApprovedParticipantRequest,
      responseCodec: q.QueryAllApprovedParticipantResponse,
      handle: (ctx, req) => valuesPage(ctx, k.participants, req.pagination, "approvedParticipant"),
    }),
    defineQuery({
      requestCodec: q.QueryGetPaymentRecordRequest,
      responseCodec: q.QueryGetPaymentRecordResponse,
      handle: (ctx, req) => {
        if (req.endToEndId === "") throw queryErrors.invalidArgument("end_to_end_id cannot be empty");
        const instructing = queryAddress(req.instructingParticipant, "instructing_participant");
        const record = k.getPaymentRecord(ctx, instructing, req.endToEndId);
        return { paymentRecord: orNotFound(record, `payment record ${JSON.stringify(req.endToEndId.slice(0, 35))} of ${instructing}`) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryAllPaymentRecordRequest,
      responseCodec: q.QueryAllPaymentRecordResponse,
      handle: (ctx, req) => valuesPage(ctx, k.payments, req.pagination, "paymentRecord"),
    }),
    defineQuery({
      requestCodec: q.QueryGetCustomerRequest,
      responseCodec: q.QueryGetCustomerResponse,
      handle: (ctx, req) => ({
        customer: orNotFound(k.customers.get(ctx, queryAddress(req.customer, "customer")), `customer ${req.customer}`),
      }),
    }),
  ];
}
