import * as q from "cosmjs-types/cosmos/auth/v1beta1/query";
import { ModuleAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { accAddress, bech32Prefix, fromBech32 } from "../../types/address";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress, queryErrors } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { MODULE_ACCOUNT_URL, type AuthKeeper } from "./keeper";

export function authQueries(k: AuthKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryAccountRequest,
      responseCodec: q.QueryAccountResponse,
      handle: (ctx, req) => {
        const address = queryAddress(req.address);
        const account = k.getAny(ctx, address);
        if (!account) throw queryErrors.notFound(`account ${address} not found: key not found`);
        return { account };
      },
    }),
    defineQuery({
      requestCodec: q.QueryAccountsRequest,
      responseCodec: q.QueryAccountsResponse,
      handle: (ctx, req) => {
        const page = paginated(() => k.accounts.paginate(ctx, pageRequest(req.pagination)));
        return { accounts: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryAccountInfoRequest,
      responseCodec: q.QueryAccountInfoResponse,
      handle: (ctx, req) => {
        const address = queryAddress(req.address);
        const account = k.getAccount(ctx, address);
        if (!account) throw queryErrors.notFound(`account ${address} not found: key not found`);
        return { info: account };
      },
    }),
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryModuleAccountsRequest,
      responseCodec: q.QueryModuleAccountsResponse,
      handle: (ctx) => ({
        accounts: k
          .moduleAccountNames()
          .map((name) => ({ typeUrl: MODULE_ACCOUNT_URL, value: ModuleAccount.encode(k.getModuleAccount(ctx, name)).finish() })),
      }),
    }),
    defineQuery({
      requestCodec: q.QueryModuleAccountByNameRequest,
      responseCodec: q.QueryModuleAccountByNameResponse,
      handle: (ctx, req) => {
        if (!k.isModuleAccountName(req.name)) throw queryErrors.notFound(`account ${req.name} not found`);
        return { account: { typeUrl: MODULE_ACCOUNT_URL, value: ModuleAccount.encode(k.getModuleAccount(ctx, req.name)).finish() } };
      },
    }),
    defineQuery({
      requestCodec: q.Bech32PrefixRequest,
      responseCodec: q.Bech32PrefixResponse,
      handle: () => ({ bech32Prefix: bech32Prefix.account }),
    }),
    defineQuery({
      requestCodec: q.AddressBytesToStringRequest,
      responseCodec: q.AddressBytesToStringResponse,
      // Its template /bech32/{address_bytes} is AddressStringToBytes' /bech32/{address_string}:
      // one route, which REST gives to the string form (gRPC still serves both).
      rest: false,
      handle: (_ctx, req) => {
        if (req.addressBytes.length === 0) throw queryErrors.invalidArgument("empty address bytes is not allowed");
        return { addressString: accAddress.encode(req.addressBytes) };
      },
    }),
    defineQuery({
      requestCodec: q.AddressStringToBytesRequest,
      responseCodec: q.AddressStringToBytesResponse,
      handle: (_ctx, req) => {
        try {
          return { addressBytes: fromBech32(req.addressString, bech32Prefix.account) };
        } catch (e) {
          throw queryErrors.invalidArgument((e as Error).message);
        }
      },
    }),
  ];
}
