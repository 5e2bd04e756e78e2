import * as q from "../../gen/blockchain/paymsg/v1/query";
import { accAddress } from "../../types/address";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress, queryErrors } from "../../types/define";
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
      handle: (ctx, req) => {
        const application = k.getApplication(ctx, queryAddress(req.creator, "creator"));
        if (!application) throw queryErrors.notFound(`participant application of ${req.creator}`);
        return { participantApplication: application };
      },
    }),
    defineQuery({
      path: P + "ListParticipantApplication", requestCodec: q.QueryAllParticipantApplicationRequest,
      responseCodec: q.QueryAllParticipantApplicationResponse, rest: `${R}/participant_application`,
      handle: (ctx, req) => {
        const page = paginated(() => k.applications.paginate(ctx, pageRequest(req.pagination)));
        return { participantApplication: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "GetApprovedParticipant", requestCodec: q.QueryGetApprovedParticipantRequest,
      responseCodec: q.QueryGetApprovedParticipantResponse, rest: `${R}/approved_participant/{participant}`,
      handle: (ctx, req) => {
        const participant = k.getApprovedParticipant(ctx, queryAddress(req.participant, "participant"));
        if (!participant) throw queryErrors.notFound(`approved participant ${req.participant}`);
        return { approvedParticipant: participant };
      },
    }),
    defineQuery({
      path: P + "ListApprovedParticipant", requestCodec: q.QueryAllApprovedParticipantRequest,
      responseCodec: q.QueryAllApprovedParticipantResponse, rest: `${R}/approved_participant`,
      handle: (ctx, req) => {
        const page = paginated(() => k.participants.paginate(ctx, pageRequest(req.pagination)));
        return { approvedParticipant: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "GetPaymentRecord", requestCodec: q.QueryGetPaymentRecordRequest,
      responseCodec: q.QueryGetPaymentRecordResponse, rest: `${R}/payment_record_by_id`,
      handle: (ctx, req) => {
        if (req.endToEndId === "") throw queryErrors.invalidArgument("end_to_end_id cannot be empty");
        const instructing = queryAddress(req.instructingParticipant, "instructing_participant");
        const record = k.getPaymentRecord(ctx, instructing, req.endToEndId);
        if (!record) throw queryErrors.notFound(`payment record ${JSON.stringify(req.endToEndId.slice(0, 35))} of ${instructing}`);
        return { paymentRecord: record };
      },
    }),
    defineQuery({
      path: P + "ListPaymentRecord", requestCodec: q.QueryAllPaymentRecordRequest,
      responseCodec: q.QueryAllPaymentRecordResponse, rest: `${R}/payment_record`,
      handle: (ctx, req) => {
        const page = paginated(() => k.payments.paginate(ctx, pageRequest(req.pagination)));
        return { paymentRecord: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "GetCustomer", requestCodec: q.QueryGetCustomerRequest, responseCodec: q.QueryGetCustomerResponse,
      rest: `${R}/customer/{customer}`,
      handle: (ctx, req) => {
        const customer = k.customers.get(ctx, accAddress.decode(queryAddress(req.customer, "customer")));
        if (!customer) throw queryErrors.notFound(`customer ${req.customer}`);
        return { customer };
      },
    }),
  ];
}
