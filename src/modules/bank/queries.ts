import * as q from "cosmjs-types/cosmos/bank/v1beta1/query";
import { accAddress } from "../../types/address";
import { coinToProto, isValidDenom } from "../../types/coins";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress, queryErrors } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { BankKeeper } from "./keeper";

function queryDenom(denom: string): string {
  if (!isValidDenom(denom)) throw queryErrors.invalidArgument(`invalid denom: ${JSON.stringify(denom.slice(0, 140))}`);
  return denom;
}

export function bankQueries(k: BankKeeper): QueryDef[] {
  const balancesPage = (ctx: Parameters<QueryDef["handle"]>[0], address: string, pagination: q.QueryAllBalancesRequest["pagination"]) => {
    const addr = accAddress.decode(queryAddress(address));
    const page = paginated(() => k.balances.paginate(ctx, pageRequest(pagination), { prefix: k.balanceKey.prefix(addr) }));
    return { balances: page.items.map(([[, denom], amount]) => coinToProto({ denom, amount })), pagination: pageResponse(page) };
  };
  return [
    defineQuery({
      requestCodec: q.QueryBalanceRequest,
      responseCodec: q.QueryBalanceResponse,
      handle: (ctx, req) => ({
        balance: coinToProto({ denom: queryDenom(req.denom), amount: k.getBalance(ctx, queryAddress(req.address), req.denom) }),
      }),
    }),
    defineQuery({
      requestCodec: q.QueryAllBalancesRequest,
      responseCodec: q.QueryAllBalancesResponse,
      handle: (ctx, req) => balancesPage(ctx, req.address, req.pagination),
    }),
    defineQuery({
      requestCodec: q.QuerySpendableBalancesRequest,
      responseCodec: q.QuerySpendableBalancesResponse,
      handle: (ctx, req) => balancesPage(ctx, req.address, req.pagination),
    }),
    defineQuery({
      requestCodec: q.QuerySpendableBalanceByDenomRequest,
      responseCodec: q.QuerySpendableBalanceByDenomResponse,
      handle: (ctx, req) => ({
        balance: coinToProto({ denom: queryDenom(req.denom), amount: k.getBalance(ctx, queryAddress(req.address), req.denom) }),
      }),
    }),
    defineQuery({
      requestCodec: q.QueryTotalSupplyRequest,
      responseCodec: q.QueryTotalSupplyResponse,
      handle: (ctx, req) => {
        const page = paginated(() => k.supply.paginate(ctx, pageRequest(req.pagination)));
        return { supply: page.items.map(([denom, amount]) => coinToProto({ denom, amount })), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QuerySupplyOfRequest,
      responseCodec: q.QuerySupplyOfResponse,
      handle: (ctx, req) => ({ amount: coinToProto({ denom: queryDenom(req.denom), amount: k.getSupply(ctx, req.denom) }) }),
    }),
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.params.get(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryDenomMetadataRequest,
      responseCodec: q.QueryDenomMetadataResponse,
      handle: (ctx, req) => {
        const metadata = k.getDenomMetadata(ctx, queryDenom(req.denom));
        if (!metadata) throw queryErrors.notFound(`client metadata for denom ${req.denom}`);
        return { metadata };
      },
    }),
    defineQuery({
      requestCodec: q.QueryDenomsMetadataRequest,
      responseCodec: q.QueryDenomsMetadataResponse,
      handle: (ctx, req) => {
        const page = paginated(() => k.metadata.paginate(ctx, pageRequest(req.pagination)));
        return { metadatas: page.items.map(([, m]) => m), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryDenomOwnersRequest,
      responseCodec: q.QueryDenomOwnersResponse,
      handle: (ctx, req) => {
        const denom = queryDenom(req.denom);
        const page = paginated(() => k.owners.paginate(ctx, pageRequest(req.pagination), { prefix: k.ownerKey.prefix(denom) }));
        return {
          denomOwners: page.items.map(([[, addr]]) => {
            const address = accAddress.encode(addr);
            return { address, balance: coinToProto({ denom, amount: k.getBalance(ctx, address, denom) }) };
          }),
          pagination: pageResponse(page),
        };
      },
    }),
    defineQuery({
      requestCodec: q.QuerySendEnabledRequest,
      responseCodec: q.QuerySendEnabledResponse,
      handle: (ctx, req) => {
        if (req.denoms.length > 0) return { sendEnabled: req.denoms.map((denom) => ({ denom, enabled: k.isSendEnabled(ctx, denom) })) };
        const page = paginated(() => k.sendEnabled.paginate(ctx, pageRequest(req.pagination)));
        return { sendEnabled: page.items.map(([denom, enabled]) => ({ denom, enabled })), pagination: pageResponse(page) };
      },
    }),
  ];
}
