import { Role } from "../../gen/blockchain/alias/v1/alias";
import * as q from "../../gen/blockchain/alias/v1/query";
import { AliasIdError, hasValidAliasCheck, parseAliasIdForm } from "../../types/alias-id";
import type { Context } from "../../types/context";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress, queryErrors } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { aliasErrors as E } from "./errors";
import { parseCountry } from "./fields";
import { CHAIN_WIDE, PERIMETER_KEY, SCOPE_KEY, canonicalAddress, type AliasKeeper } from "./keeper";

const P = "/blockchain.alias.v1.Query/";
const R = "/blockchain/alias/v1";

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
      path: P + "Params", requestCodec: q.QueryParamsRequest, responseCodec: q.QueryParamsResponse, rest: `${R}/params`,
      handle: (ctx) => ({ params: k.getParams(ctx) }),
    }),
    defineQuery({
      path: P + "Alias", requestCodec: q.QueryAliasRequest, responseCodec: q.QueryAliasResponse, rest: `${R}/alias/{id}`,
      handle: (ctx, req) => {
        const id = queryId(k, ctx, req.id);
        const alias = k.getAlias(ctx, id);
        if (!alias) throw E.ErrNotFound.wrap(k.isRetired(ctx, id) ? `identifier ${id} is retired` : `identifier ${id}`);
        return { alias };
      },
    }),
    defineQuery({
      path: P + "AliasOf", requestCodec: q.QueryAliasOfRequest, responseCodec: q.QueryAliasOfResponse, rest: `${R}/alias_of/{address}`,
      handle: (ctx, req) => {
        const a = address(req.address);
        const alias = k.aliasOfAddress(ctx, a);
        if (!alias) throw E.ErrNotRegistered.wrap(`account ${a}`);
        return { alias };
      },
    }),
    defineQuery({
      path: P + "Retired", requestCodec: q.QueryRetiredRequest, responseCodec: q.QueryRetiredResponse, rest: `${R}/retired/{id}`,
      handle: (ctx, req) => ({ retired: k.isRetired(ctx, queryId(k, ctx, req.id)) }),
    }),
    defineQuery({
      path: P + "Jurisdiction", requestCodec: q.QueryJurisdictionRequest, responseCodec: q.QueryJurisdictionResponse,
      rest: `${R}/jurisdiction/{address}`,
      handle: (ctx, req) => {
        const a = address(req.address);
        const jurisdiction = k.getJurisdiction(ctx, a);
        if (!jurisdiction) throw E.ErrNoJurisdiction.wrap(`account ${a}`);
        return { jurisdiction };
      },
    }),
    defineQuery({
      path: P + "Perimeter", requestCodec: q.QueryPerimeterRequest, responseCodec: q.QueryPerimeterResponse,
      rest: `${R}/perimeter/{country}`,
      handle: (ctx, req) => {
        const country = parseCountry(req.country);
        const page = paginated(() => k.perimeter.paginate(ctx, pageRequest(req.pagination), { prefix: PERIMETER_KEY.prefix(country) }));
        const jurisdictions = page.items.map(([, a]) => k.getJurisdiction(ctx, a)!).filter((j) => j !== undefined);
        return { jurisdictions, pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "ViewingKeys", requestCodec: q.QueryViewingKeysRequest, responseCodec: q.QueryViewingKeysResponse,
      rest: `${R}/viewing_keys/{address}`,
      handle: (ctx, req) => ({ keys: k.viewingKeysOf(ctx, address(req.address)) }),
    }),
    defineQuery({
      path: P + "Regulator", requestCodec: q.QueryRegulatorRequest, responseCodec: q.QueryRegulatorResponse,
      rest: `${R}/regulator/{country}`,
      handle: (ctx, req) => {
        const country = parseCountry(req.country);
        const appointment = k.getRegulator(ctx, country);
        if (!appointment) throw E.ErrNoRegulator.wrap(`country ${country}`);
        return { appointment, key: k.keyOrEmpty(ctx, appointment.address) };
      },
    }),
    defineQuery({
      path: P + "PayloadReaders", requestCodec: q.QueryPayloadReadersRequest, responseCodec: q.QueryPayloadReadersResponse,
      rest: `${R}/payload_readers/{country}`,
      handle: (ctx, req) => ({ readers: k.payloadReaders(ctx, parseCountry(req.country)) }),
    }),
    defineQuery({
      path: P + "Auditors", requestCodec: q.QueryAuditorsRequest, responseCodec: q.QueryAuditorsResponse, rest: `${R}/auditors`,
      handle: (ctx) => ({ auditors: k.activeAuditors(ctx) }),
    }),
    defineQuery({
      path: P + "RoleGrants", requestCodec: q.QueryRoleGrantsRequest, responseCodec: q.QueryRoleGrantsResponse,
      rest: `${R}/role_grants/{holder}`,
      handle: (ctx, req) => ({ grants: k.grantsOf(ctx, address(req.holder, "holder")) }),
    }),
    defineQuery({
      path: P + "RoleHolders", requestCodec: q.QueryRoleHoldersRequest, responseCodec: q.QueryRoleHoldersResponse,
      rest: `${R}/role_holders/{jurisdiction}`,
      handle: (ctx, req) => {
        const jurisdiction = parseCountry(req.jurisdiction, "jurisdiction");
        if (Role[req.role] === undefined || req.role === Role.UNRECOGNIZED) throw queryErrors.invalidArgument(`unknown role ${req.role}`);
        const prefix = req.role === Role.ROLE_UNSPECIFIED ? SCOPE_KEY.prefix(jurisdiction) : SCOPE_KEY.prefix2(jurisdiction, req.role);
        const page = paginated(() => k.roleScopes.paginate(ctx, pageRequest(req.pagination), { prefix }));
        const grants = page.items.map(([j, r, holder]) => k.getRoleGrant(ctx, holder, r, j)).filter((g) => g !== undefined);
        return { grants, pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      path: P + "ChainWideGrants", requestCodec: q.QueryChainWideGrantsRequest, responseCodec: q.QueryChainWideGrantsResponse,
      rest: `${R}/chain_wide_grants`,
      handle: (ctx) => ({ grants: k.grantsInScope(ctx, CHAIN_WIDE) }),
    }),
  ];
}
