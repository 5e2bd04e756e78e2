import * as q from "cosmjs-types/cosmos/slashing/v1beta1/query";
import { bech32Prefix, fromBech32 } from "../../types/address";
import { defineQuery, orNotFound, queryErrors, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { SlashingKeeper } from "./keeper";

export function slashingQueries(k: SlashingKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.params.get(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QuerySigningInfoRequest,
      responseCodec: q.QuerySigningInfoResponse,
      handle: (ctx, req) => {
        if (req.consAddress === "") throw queryErrors.invalidArgument("invalid request");
        let consAddr: Uint8Array;
        try {
          consAddr = fromBech32(req.consAddress, bech32Prefix.consensus);
        } catch {
          throw queryErrors.invalidArgument(`invalid consensus address: ${JSON.stringify(req.consAddress.slice(0, 100))}`);
        }
        return { valSigningInfo: orNotFound(k.getSigningInfo(ctx, consAddr), `SigningInfo not found for validator ${req.consAddress}`) };
      },
    }),
    defineQuery({
      requestCodec: q.QuerySigningInfosRequest,
      responseCodec: q.QuerySigningInfosResponse,
      handle: (ctx, req) => valuesPage(ctx, k.signingInfos, req.pagination, "info"),
    }),
  ];
}
