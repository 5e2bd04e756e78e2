import { Role } from "../../gen/blockchain/alias/v1/alias";
import * as q from "../../gen/blockchain/alias/v1/query";
import { AliasIdError, hasValidAliasCheck, parseAliasIdForm } from "../../types/alias-id";
import type { Context } from "../../types/context";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress, queryErrors } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { aliasErrors as E } from "./errors";
import { parseCountry, CHAIN_WIDE } from "./fields";
import { canonicalAddress, type AliasKeeper } from "./keeper";

/**
 * An identifier in any form → its normalised form; ErrMalformedID when it is not one. A
 * retired identifier issued before the current check rule is still recognised as retired.
 */
function queryId(k: AliasKeeper, ctx: Context, input: string): string {
  let id: string;
  try {
    id = parseAliasIdForm(input).id;
  } catch (e) {
    if (e instanceof AliasIdError) throw E.ErrMalformedID.wrap(e.message);
    throw e;
  }
  if (!hasValidAliasCheck(id) && !k.isRetired(ctx, id)) throw E.ErrMalformedID.wrap("check character does not match (mistyped identifier)");
  return id;
}

function address(a: string, field = "address"): string {
  return canonicalAddress(queryAddress(a, field));
}

export function aliasQueries(k: AliasKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryAliasRequest,
      responseCodec: q.QueryAliasResponse,
      handle: (ctx, req) => {
        const id = queryId(k, ctx, req.id);
        const alias = k.getAlias(ctx, id);
        if (!alias) throw E.ErrNotFound.wrap(k.isRetired(ctx, id) ? `identifier ${id} is retired` : `identifier ${id}`);
        return { alias };
      },
    }),
    defineQuery({
      requestCodec: q.QueryAliasOfRequest,
      responseCodec: q.QueryAliasOfResponse,
      handle: (ctx, req) => {
        const a = address(req.address);
        const alias = k.aliasOfAddress(ctx, a);
        if (!alias) throw E.ErrNotRegistered.wrap(`account ${a}`);
        return { alias };
      },
    }),
    defineQuery({
      requestCodec: q.QueryRetiredRequest,
      responseCodec: q.QueryRetiredResponse,
      handle: (ctx, req) => ({ retired: k.isRetired(ctx, queryId(k, ctx, req.id)) }),
    }),
    defineQuery({
      requestCodec: q.QueryJurisdictionRequest,
      responseCodec: q.QueryJurisdictionResponse,
      handle: (ctx, req) => {
        const a = address(req.address);
        const jurisdiction = k.getJurisdiction(ctx, a);
        if (!jurisdiction) throw E.ErrNoJurisdiction.wrap(`account ${a}`);
        return { jurisdiction };
      },
    }),
    defineQuery({
      requestCodec: q.QueryPerimeterRequest,
      responseCodec: q.QueryPerimeterResponse,
      handle: (ctx, req) => {
        const country = parseCountry(req.country);
        const page = paginated(() => k.jurisdictions.indexes.perimeter.paginate(ctx, country, pageRequest(req.pagination)));
        const jurisdictions = page.items.map((a) => k.getJurisdiction(ctx, a)!).filter((j) => j !== undefined);
        return { jurisdictions, pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryViewingKeysRequest,
      responseCodec: q.QueryViewingKeysResponse,
      handle: (ctx, req) => ({ keys: k.viewingKeysOf(ctx, address(req.address)) }),
    }),
    defineQuery({
      requestCodec: q.QueryRegulatorRequest,
      responseCodec: q.QueryRegulatorResponse,
      handle: (ctx, req) => {
        const country = parseCountry(req.country);
        const appointment = k.getRegulator(ctx, country);
        if (!appointment) throw E.ErrNoRegulator.wrap(`country ${country}`);
        return { appointment, key: k.keyOrEmpty(ctx, appointment.address) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryPayloadReadersRequest,
      responseCodec: q.QueryPayloadReadersResponse,
      handle: (ctx, req) => ({ readers: k.payloadReaders(ctx, parseCountry(req.country)) }),
    }),
    defineQuery({
      requestCodec: q.QueryAuditorsRequest,
      responseCodec: q.QueryAuditorsResponse,
      handle: (ctx) => ({ auditors: k.activeAuditors(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryRoleGrantsRequest,
      responseCodec: q.QueryRoleGrantsResponse,
      handle: (ctx, req) => ({ grants: k.grantsOf(ctx, address(req.holder, "holder")) }),
    }),
    defineQuery({
      requestCodec: q.QueryRoleHoldersRequest,
      responseCodec: q.QueryRoleHoldersResponse,
      handle: (ctx, req) => {
        const jurisdiction = parseCountry(req.jurisdiction, "jurisdiction");
        if (Role[req.role] === undefined || req.role === Role.UNRECOGNIZED) throw queryErrors.invalidArgument(`unknown role ${req.role}`);
        const page = paginated(() => k.roleGrants.indexes.byScope.paginateScope(ctx, jurisdiction, req.role, pageRequest(req.pagination)));
        const grants = page.items.map((key) => k.roleGrants.get(ctx, key)).filter((g) => g !== undefined);
        return { grants, pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryChainWideGrantsRequest,
      responseCodec: q.QueryChainWideGrantsResponse,
      handle: (ctx) => ({ grants: k.grantsInScope(ctx, CHAIN_WIDE) }),
    }),
  ];
}
