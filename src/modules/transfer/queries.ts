import * as q from "../../gen/ibc/applications/transfer/v1/query";
import { isValidDenom } from "../../types/coins";
import { defineQuery, orNotFound, queryErrors, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { validateChannelId, validatePortId } from "../../types/ibc-host";
import { denomFromPath, denomHash, parseIbcDenomHash, validateDenom } from "./denom";
import { escrowAddress } from "./escrow";
import type { TransferKeeper } from "./keeper";

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex").toUpperCase();

function invalid(check: () => void): void {
  try {
    check();
  } catch (e) {
    throw queryErrors.invalidArgument((e as Error).message);
  }
}

/** ibc.applications.transfer.v1.Query, answered as ibc-go's grpc_query.go. */
export function transferQueries(k: TransferKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryDenomRequest,
      responseCodec: q.QueryDenomResponse,
      handle: (ctx, req) => {
        // The hash alone or the whole "ibc/<hash>" voucher denom.
        const hash = parseIbcDenomHash(req.hash.startsWith("ibc/") ? req.hash : `ibc/${req.hash}`);
        if (hash === undefined) throw queryErrors.invalidArgument(`invalid denom trace hash: ${req.hash}`);
        return { denom: orNotFound(k.getDenom(ctx, hash), `${req.hash}: denomination not found`) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryDenomsRequest,
      responseCodec: q.QueryDenomsResponse,
      handle: (ctx, req) => valuesPage(ctx, k.denoms, req.pagination, "denoms"),
    }),
    defineQuery({
      requestCodec: q.QueryDenomHashRequest,
      responseCodec: q.QueryDenomHashResponse,
      handle: (ctx, req) => {
        const denom = denomFromPath(req.trace);
        invalid(() => validateDenom(denom));
        const hash = denomHash(denom);
        if (k.getDenom(ctx, hash) === undefined) throw queryErrors.notFound(`${req.trace}: denomination not found`);
        return { hash: hex(hash) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryEscrowAddressRequest,
      responseCodec: q.QueryEscrowAddressResponse,
      handle: (ctx, req) => {
        invalid(() => validatePortId(req.portId));
        invalid(() => validateChannelId(req.channelId));
        if (k.channels.getChannel(ctx, req.portId, req.channelId) === undefined) {
          throw queryErrors.notFound(`channel not found: port ID (${req.portId}) channel ID (${req.channelId})`);
        }
        return { escrowAddress: escrowAddress(req.portId, req.channelId) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryTotalEscrowForDenomRequest,
      responseCodec: q.QueryTotalEscrowForDenomResponse,
      handle: (ctx, req) => {
        if (!isValidDenom(req.denom)) throw queryErrors.invalidArgument(`invalid denom: ${JSON.stringify(req.denom.slice(0, 140))}`);
        return { amount: { denom: req.denom, amount: k.getTotalEscrow(ctx, req.denom).toString() } };
      },
    }),
  ];
}
