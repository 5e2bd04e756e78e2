import * as q from "cosmjs-types/cosmos/auth/v1beta1/query";
import { ModuleAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { accAddress, bech32Prefix, fromBech32 } from "../../types/address";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress, queryErrors } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { MODULE_ACCOUNT_URL, type AuthKeeper } from "./keeper";

const P = "/cosmos.auth.v1beta1.Query/";
const R = "/cosmos/auth/v1beta1";

export function authQueries(k: AuthKeeper): QueryDef[] {
  return [
    defineQuery({
      path: P + "Account", requestCodec: q.QueryAccountRequest, responseCodec: q.QueryAccountResponse, rest: `${R}/accounts/{address}`,
      handle: (ctx, req) => {
        const address = queryAddress(req.address);
        const account = k.getAny(ctx, address);
        if (!account) throw queryErrors.notFound(`account ${address} not found: key not found`);
        return { account };
      },
    }),
    defineQuery({
      path: P + "Accounts", requestCodec: q.QueryAccountsRequest, responseCodec: q.QueryAccountsResponse, rest: `${R}/accounts`,
      handle: (ctx, req) => {
        const page = paginated(() => k.accounts.paginate(ctx, pageRequest(req.pagination)));
        return { accounts: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "AccountInfo", requestCodec: q.QueryAccountInfoRequest, responseCodec: q.QueryAccountInfoResponse, rest: `${R}/account_info/{address}`,
      handle: (ctx, req) => {
        const address = queryAddress(req.address);
        const account = k.getAccount(ctx, address);
        if (!account) throw queryErrors.notFound(`account ${address} not found: key not found`);
        return { info: account };
      },
    }),
    defineQuery({
      path: P + "Params", requestCodec: q.QueryParamsRequest, responseCodec: q.QueryParamsResponse, rest: `${R}/params`,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      path: P + "ModuleAccounts", requestCodec: q.QueryModuleAccountsRequest, responseCodec: q.QueryModuleAccountsResponse, rest: `${R}/module_accounts`,
      handle: (ctx) => ({
        accounts: k.moduleAccountNames().map((name) => ({ typeUrl: MODULE_ACCOUNT_URL, value: ModuleAccount.encode(k.getModuleAccount(ctx, name)).finish() })),
      }),
    }),
    defineQuery({
      path: P + "ModuleAccountByName", requestCodec: q.QueryModuleAccountByNameRequest, responseCodec: q.QueryModuleAccountByNameResponse,
      rest: `${R}/module_accounts/{name}`,
      handle: (ctx, req) => {
        if (!k.isModuleAccountName(req.name)) throw queryErrors.notFound(`account ${req.name} not found`);
        return { account: { typeUrl: MODULE_ACCOUNT_URL, value: ModuleAccount.encode(k.getModuleAccount(ctx, req.name)).finish() } };
      },
    }),
    defineQuery({
      path: P + "Bech32Prefix", requestCodec: q.Bech32PrefixRequest, responseCodec: q.Bech32PrefixResponse, rest: `${R}/bech32`,
      handle: () => ({ bech32Prefix: bech32Prefix.account }),
    }),
    defineQuery({
      path: P + "AddressBytesToString", requestCodec: q.AddressBytesToStringRequest, responseCodec: q.AddressBytesToStringResponse,
      handle: (_ctx, req) => {
        if (req.addressBytes.length === 0) throw queryErrors.invalidArgument("empty address bytes is not allowed");
        return { addressString: accAddress.encode(req.addressBytes) };
      },
    }),
    defineQuery({
      path: P + "AddressStringToBytes", requestCodec: q.AddressStringToBytesRequest, responseCodec: q.AddressStringToBytesResponse,
      rest: `${R}/bech32/{address_string}`,
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

