import * as q from "../../gen/blockchain/paymsg/v1/query";
import { accAddress } from "../../types/address";
import { defineQuery, orNotFound, queryAddress, queryErrors, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { PaymsgKeeper } from "./keeper";

const P = "/blockchain.paymsg.v1.Query/";
const R = "/blockchain/paymsg/v1";

export function paymsgQueries(k: PaymsgKeeper): QueryDef[] {
  return [
    defineQuery({
      path: P + "Params", requestCodec: q.QueryParamsRequest, responseCodec: q.QueryParamsResponse, rest: `${R}/params`,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      path: P + "GetParticipantApplication", requestCodec: q.QueryGetParticipantApplicationRequest,
      responseCodec: q.QueryGetParticipantApplicationResponse, rest: `${R}/participant_application/{creator}`,
      handle: (ctx, req) => ({
        participantApplication: orNotFound(k.getApplication(ctx, queryAddress(req.creator, "creator")), `participant application of ${req.creator}`),
      }),
    }),
    defineQuery({
      path: P + "ListParticipantApplication", requestCodec: q.QueryAllParticipantApplicationRequest,
      responseCodec: q.QueryAllParticipantApplicationResponse, rest: `${R}/participant_application`,
      handle: (ctx, req) => valuesPage(ctx, k.applications, req.pagination, "participantApplication"),
    }),
    defineQuery({
      path: P + "GetApprovedParticipant", requestCodec: q.QueryGetApprovedParticipantRequest,
      responseCodec: q.QueryGetApprovedParticipantResponse, rest: `${R}/approved_participant/{participant}`,
      handle: (ctx, req) => ({
        approvedParticipant: orNotFound(k.getApprovedParticipant(ctx, queryAddress(req.participant, "participant")), `approved participant ${req.participant}`),
      }),
    }),
    defineQuery({
      path: P + "ListApprovedParticipant", requestCodec: q.QueryAllApprovedParticipantRequest,
      responseCodec: q.QueryAllApprovedParticipantResponse, rest: `${R}/approved_participant`,
      handle: (ctx, req) => valuesPage(ctx, k.participants, req.pagination, "approvedParticipant"),
    }),
    defineQuery({
      path: P + "GetPaymentRecord", requestCodec: q.QueryGetPaymentRecordRequest,
      responseCodec: q.QueryGetPaymentRecordResponse, rest: `${R}/payment_record_by_id`,
      handle: (ctx, req) => {
        if (req.endToEndId === "") throw queryErrors.invalidArgument("end_to_end_id cannot be empty");
        const instructing = queryAddress(req.instructingParticipant, "instructing_participant");
        const record = k.getPaymentRecord(ctx, instructing, req.endToEndId);
        return { paymentRecord: orNotFound(record, `payment record ${JSON.stringify(req.endToEndId.slice(0, 35))} of ${instructing}`) };
      },
    }),
    defineQuery({
      path: P + "ListPaymentRecord", requestCodec: q.QueryAllPaymentRecordRequest,
      responseCodec: q.QueryAllPaymentRecordResponse, rest: `${R}/payment_record`,
      handle: (ctx, req) => valuesPage(ctx, k.payments, req.pagination, "paymentRecord"),
    }),
    defineQuery({
      path: P + "GetCustomer", requestCodec: q.QueryGetCustomerRequest, responseCodec: q.QueryGetCustomerResponse,
      rest: `${R}/customer/{customer}`,
      handle: (ctx, req) => ({
        customer: orNotFound(k.customers.get(ctx, accAddress.decode(queryAddress(req.customer, "customer"))), `customer ${req.customer}`),
      }),
    }),
  ];
}
