import { expect } from "vitest";
import {
  QueryDenomMetadataRequest,
  QueryDenomMetadataResponse,
  QuerySupplyOfRequest,
  QuerySupplyOfResponse,
} from "cosmjs-types/cosmos/bank/v1beta1/query";
import * as q from "../../../src/gen/blockchain/stablecoin/v1/query";
import * as tx from "../../../src/gen/blockchain/stablecoin/v1/tx";
import type { Params } from "../../../src/gen/blockchain/stablecoin/v1/params";
import { govAuthority } from "../../../src/types/authority";
import { DENOM, pack, type TestChain } from "../../helpers/chain";
import { moduleChain, moduleErrorExpecter, moduleKeys } from "../../helpers/module-setup";

export { eventOf, queryCode } from "../../helpers/module-setup";

export const T = "/blockchain.stablecoin.v1.";
export const Q = "/blockchain.stablecoin.v1.Query/";
export const EUR = "ueur";

export const keys = moduleKeys("stablecoin", ["issuer", "other", "holder", "mallory"]);

export function stablecoinChain(mutateGenesis?: (appState: Record<string, any>) => void): Promise<TestChain> {
  return moduleChain("stablecoin", Object.keys(keys), [{ denom: DENOM, amount: "1000000000" }], mutateGenesis);
}

export const expectStablecoinError = moduleErrorExpecter("stablecoin");

export function currency(creator: string, over: Partial<tx.MsgRegisterCurrency> = {}): tx.MsgRegisterCurrency {
  return tx.MsgRegisterCurrency.fromPartial({
    creator,
    denom: EUR,
    displayDenom: "eur",
    exponent: 6n,
    name: "Euro Token",
    symbol: "EURT",
    description: "Fully reserved euro",
    ...over,
  });
}

export const msg = {
  register: (m: tx.MsgRegisterCurrency) => pack(T + "MsgRegisterCurrency", tx.MsgRegisterCurrency, m),
  approve: (denom: string, approve = true, authority = govAuthority()) =>
    pack(T + "MsgApproveIssuer", tx.MsgApproveIssuer, { authority, denom, approve }),
  revoke: (denom: string, reason = "reserve audit failed", authority = govAuthority()) =>
    pack(T + "MsgRevokeIssuer", tx.MsgRevokeIssuer, { authority, denom, reason }),
  mint: (issuer: string, amount: string, recipient: string, denom = EUR) =>
    pack(T + "MsgMintCoin", tx.MsgMintCoin, { issuer, denom, amount, recipient }),
  burn: (issuer: string, amount: string, denom = EUR) => pack(T + "MsgBurnCoin", tx.MsgBurnCoin, { issuer, denom, amount }),
  updateParams: (params: Params, authority = govAuthority()) => pack(T + "MsgUpdateParams", tx.MsgUpdateParams, { authority, params }),
};

/** Registers ueur by the issuer key and has governance approve it. */
export async function approveEuro(chain: TestChain, creator = keys.issuer): Promise<void> {
  await chain.mustDeliver(creator, [msg.register(currency(creator.address))]);
  const res = await chain.govExec([msg.approve(EUR)]);
  expect(res.log).toBe("");
}

export function getApplication(chain: TestChain, denom: string) {
  return chain.query(Q + "GetIssuerApplication", q.QueryGetIssuerApplicationRequest, { denom }, q.QueryGetIssuerApplicationResponse)
    .issuerApplication!;
}

export function getIssuer(chain: TestChain, denom: string) {
  return chain.query(Q + "GetApprovedIssuer", q.QueryGetApprovedIssuerRequest, { denom }, q.QueryGetApprovedIssuerResponse).approvedIssuer!;
}

export function listApplications(chain: TestChain) {
  return chain.query(
    Q + "ListIssuerApplication",
    q.QueryAllIssuerApplicationRequest,
    { pagination: undefined },
    q.QueryAllIssuerApplicationResponse,
  );
}

export function listIssuers(chain: TestChain) {
  return chain.query(
    Q + "ListApprovedIssuer",
    q.QueryAllApprovedIssuerRequest,
    { pagination: undefined },
    q.QueryAllApprovedIssuerResponse,
  );
}

export function getParams(chain: TestChain): Params {
  return chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params!;
}

export function supplyOf(chain: TestChain, denom: string): bigint {
  return BigInt(chain.query("/cosmos.bank.v1beta1.Query/SupplyOf", QuerySupplyOfRequest, { denom }, QuerySupplyOfResponse).amount!.amount);
}

export function denomMetadata(chain: TestChain, denom: string) {
  return chain.query("/cosmos.bank.v1beta1.Query/DenomMetadata", QueryDenomMetadataRequest, { denom }, QueryDenomMetadataResponse)
    .metadata!;
}
