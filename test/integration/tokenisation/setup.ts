import { expect } from "vitest";
import * as q from "../../../src/gen/blockchain/tokenisation/v1/query";
import * as tx from "../../../src/gen/blockchain/tokenisation/v1/tx";
import { Collection, VerificationMode } from "../../../src/gen/blockchain/tokenisation/v1/tokenisation";
import type { Params } from "../../../src/gen/blockchain/tokenisation/v1/params";
import { govAuthority } from "../../../src/types/authority";
import { DENOM, pack, type TestChain } from "../../helpers/chain";
import { moduleChain, moduleErrorExpecter, moduleKeys } from "../../helpers/module-setup";

export { eventOf, eventsOf, queryCode } from "../../helpers/module-setup";

export const T = "/blockchain.tokenisation.v1.";
export const Q = "/blockchain.tokenisation.v1.Query/";
/** Income arrives in the chain's own denom in these tests. */
export const INCOME = DENOM;

export const keys = moduleKeys("tokenisation", [
  "minter",
  "owner",
  "alice",
  "bob",
  "carol",
  "attestor1",
  "attestor2",
  "challenger",
  "mallory",
]);

export function tokenisationChain(mutateGenesis?: (appState: Record<string, any>) => void): Promise<TestChain> {
  return moduleChain("tokenisation", Object.keys(keys), [{ denom: DENOM, amount: "100000000000" }], mutateGenesis);
}

export const expectTokError = moduleErrorExpecter("tokenisation");

export function collection(over: Partial<Collection> = {}): Collection {
  return Collection.fromPartial({
    id: "estates",
    authority: keys.minter.address,
    verification: VerificationMode.VERIFICATION_UNSPECIFIED,
    attestationThreshold: 0,
    challengeWindowSeconds: 3600n,
    disputeBondBps: 500,
    attestors: [],
    ...over,
  });
}

const coin = (amount: bigint | string, denom = INCOME) => ({ denom, amount: amount.toString() });

export const msg = {
  updateParams: (params: Params, authority = govAuthority()) => pack(T + "MsgUpdateParams", tx.MsgUpdateParams, { authority, params }),
  createCollection: (c: Collection, authority = govAuthority()) =>
    pack(T + "MsgCreateCollection", tx.MsgCreateCollection, { authority, collection: c }),
  setAuthority: (collectionId: string, newAuthority: string, authority = govAuthority()) =>
    pack(T + "MsgSetCollectionAuthority", tx.MsgSetCollectionAuthority, { authority, collectionId, newAuthority }),
  setAttestors: (collectionId: string, attestors: string[], authority = govAuthority()) =>
    pack(T + "MsgSetCollectionAttestors", tx.MsgSetCollectionAttestors, { authority, collectionId, attestors }),
  resolve: (assetId: bigint, corrected?: { denom: string; amount: string }, authority = govAuthority()) =>
    pack(T + "MsgResolveDispute", tx.MsgResolveDispute, { authority, assetId, correctedPrice: corrected }),
  mint: (minter: string, owner: string, collectionId = "estates", uri = "ipfs://deed", parcelId = 0n) =>
    pack(T + "MsgMintAsset", tx.MsgMintAsset, { minter, collectionId, owner, uri, parcelId }),
  fractionalise: (owner: string, assetId: bigint, supply = "1000", holderShareBps = 6000, incomeDenom = INCOME, symbol = "EST") =>
    pack(T + "MsgFractionalise", tx.MsgFractionalise, { owner, assetId, symbol, supply, holderShareBps, incomeDenom }),
  transfer: (owner: string, assetId: bigint, recipient: string) =>
    pack(T + "MsgTransferAsset", tx.MsgTransferAsset, { owner, assetId, recipient }),
  fund: (funder: string, assetId: bigint, amount: bigint | string, denom = INCOME) =>
    pack(T + "MsgFundVault", tx.MsgFundVault, { funder, assetId, amount: coin(amount, denom) }),
  report: (reporter: string, assetId: bigint, price: bigint | string, denom = INCOME, evidenceUri = "ipfs://contract") =>
    pack(T + "MsgReportSale", tx.MsgReportSale, { reporter, assetId, price: coin(price, denom), evidenceUri }),
  payProceeds: (payer: string, assetId: bigint, amount: bigint | string, denom = INCOME) =>
    pack(T + "MsgPaySaleProceeds", tx.MsgPaySaleProceeds, { payer, assetId, amount: coin(amount, denom) }),
  attest: (attestor: string, assetId: bigint, price: bigint | string, denom = INCOME) =>
    pack(T + "MsgAttestSale", tx.MsgAttestSale, { attestor, assetId, price: coin(price, denom) }),
  dispute: (challenger: string, assetId: bigint, reason = "price far below valuation") =>
    pack(T + "MsgDisputeSale", tx.MsgDisputeSale, { challenger, assetId, reason }),
  finalise: (caller: string, assetId: bigint) => pack(T + "MsgFinaliseSale", tx.MsgFinaliseSale, { caller, assetId }),
  claim: (holder: string, assetId: bigint) => pack(T + "MsgClaim", tx.MsgClaim, { holder, assetId }),
  redeem: (holder: string, assetId: bigint, amount: bigint | string) =>
    pack(T + "MsgRedeem", tx.MsgRedeem, { holder, assetId, amount: amount.toString() }),
};

export async function mustGov(chain: TestChain, msgs: Parameters<TestChain["govExec"]>[0]): Promise<void> {
  const res = await chain.govExec(msgs);
  expect(res.log).toBe("");
}

/** Creates the collection (by governance), mints an asset to `owner` and fractionalises it; returns the asset id. */
export async function fractionalisedAsset(
  chain: TestChain,
  opts: { collection?: Collection; supply?: string; holderShareBps?: number; owner?: typeof keys.owner; createCollection?: boolean } = {},
): Promise<bigint> {
  const c = opts.collection ?? collection();
  const owner = opts.owner ?? keys.owner;
  if (opts.createCollection !== false) await mustGov(chain, [msg.createCollection(c)]);
  const assetId = mintedId(await chain.mustDeliver(keys.minter, [msg.mint(keys.minter.address, owner.address, c.id)]));
  await chain.mustDeliver(owner, [msg.fractionalise(owner.address, assetId, opts.supply ?? "1000", opts.holderShareBps ?? 6000)]);
  return assetId;
}

export function mintedId(res: { data: Uint8Array }): bigint {
  return responseOf(res, tx.MsgMintAssetResponse).assetId;
}

/** Decodes the first message response of a delivered tx. */
export function responseOf<R>(res: { data: Uint8Array }, codec: { decode(b: Uint8Array): R }): R {
  const data = TxMsgData.decode(res.data);
  return codec.decode(data.msgResponses[0].value);
}

import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";

export function getAsset(chain: TestChain, assetId: bigint) {
  return chain.query(Q + "Asset", q.QueryAssetRequest, { assetId }, q.QueryAssetResponse);
}

export function entitlement(chain: TestChain, assetId: bigint, holder: string): bigint {
  return BigInt(chain.query(Q + "Entitlement", q.QueryEntitlementRequest, { assetId, holder }, q.QueryEntitlementResponse).owed!.amount);
}

/** The share denom of an asset fractionalised with `symbol` (msg.fractionalise's default is EST). */
export function shareDenom(assetId: bigint, symbol = "EST"): string {
  return `tok/${assetId}/${symbol}`;
}

export function getParams(chain: TestChain): Params {
  return chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params!;
}
