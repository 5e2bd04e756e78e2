import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { MsgCreateValidator } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { expect } from "vitest";
import * as q from "../../../src/gen/blockchain/oracle/v1/query";
import * as tx from "../../../src/gen/blockchain/oracle/v1/tx";
import type { Params } from "../../../src/gen/blockchain/oracle/v1/params";
import type { Secp256k1Key } from "../../../src/client/signer";
import { ed25519PubKeyAny } from "../../../src/modules/staking";
import type { OracleKeeper } from "../../../src/modules/oracle";
import { accAddress, valAddress } from "../../../src/types/address";
import { govAuthority } from "../../../src/types/authority";
import type { AnyMsg } from "../../../src/types/codec";
import { decFromString, decToWire } from "../../../src/types/dec";
import type { Module } from "../../../src/types/module";
import { DENOM, pack, testKey, type DeliverResult, type TestChain } from "../../helpers/chain";
import { moduleChain, moduleErrorExpecter, moduleKeys } from "../../helpers/module-setup";
import { admitInGenesisJson } from "../../../src/modules/validatorgov/genesis";

export { eventOf, eventsOf, queryCode } from "../../helpers/module-setup";

export const T = "/blockchain.oracle.v1.";
export const Q = "/blockchain.oracle.v1.Query/";
export const EUR = "ueur";
export const BTC = "ubtc";

export const keys = moduleKeys("oracle", ["val1", "val2", "val3", "feeder1", "feeder2", "appraiser", "appraiser2", "mallory"]);
/** The dev chain's genesis validator (10 YML bonded): an abstainer unless a test votes with it. */
export const devValidator = testKey("validator");

export function operatorOf(key: Secp256k1Key): string {
  return valAddress.encode(accAddress.decode(key.address));
}

/** Test params: rounds of one block, so every block tallies the votes delivered in it. */
export function testParams(over: Partial<Params> = {}): Params {
  return {
    votePeriod: 1n,
    voteThresholdBps: 5000n,
    quoteSymbol: "USD",
    acceptedDenoms: [BTC, EUR],
    maxRateAgeSeconds: 60n,
    maxAppraisalAgeSeconds: 86_400n,
    maxClassIdsPerAppraiser: 3n,
    ...over,
  };
}

export function oracleChain(params: Params = testParams(), mutate?: (appState: Record<string, any>) => void): Promise<TestChain> {
  return moduleChain("oracle", Object.keys(keys), [{ denom: DENOM, amount: "1000000000000" }], (s) => {
    s.oracle.params = {
      vote_period: params.votePeriod.toString(),
      vote_threshold_bps: params.voteThresholdBps.toString(),
      quote_symbol: params.quoteSymbol,
      accepted_denoms: params.acceptedDenoms,
      max_rate_age_seconds: params.maxRateAgeSeconds.toString(),
      max_appraisal_age_seconds: params.maxAppraisalAgeSeconds.toString(),
      max_class_ids_per_appraiser: params.maxClassIdsPerAppraiser.toString(),
    };
    admitTestValidators(s);
    mutate?.(s);
  });
}

/** nft genesis: the class "land-parcels" with parcel-1..3 and the class "art" with one piece, owned by the mallory key. */
/** The test validators are admitted by governance in genesis (validatorgov's gate). */
export function admitTestValidators(s: Record<string, any>): void {
  for (const key of [keys.val1, keys.val2, keys.val3]) admitInGenesisJson(s, key.address);
}

export function nftGenesis(s: Record<string, any>): void {
  const token = (classId: string, id: string) => ({ class_id: classId, id, uri: "", uri_hash: "", data: null });
  s.nft = {
    classes: [
      { id: "land-parcels", name: "Parcels", symbol: "PCL", description: "", uri: "", uri_hash: "", data: null },
      { id: "art", name: "Art", symbol: "ART", description: "", uri: "", uri_hash: "", data: null },
    ],
    entries: [
      {
        owner: keys.mallory.address,
        nfts: [
          token("art", "art-1"),
          token("land-parcels", "parcel-1"),
          token("land-parcels", "parcel-2"),
          token("land-parcels", "parcel-3"),
        ],
      },
    ],
  };
}

export const expectOracleError = moduleErrorExpecter("oracle");

export function createValidator(key: Secp256k1Key, amount: string): AnyMsg {
  const dec = (t: string) => decToWire(decFromString(t));
  return pack(
    "/cosmos.staking.v1beta1.MsgCreateValidator",
    MsgCreateValidator,
    MsgCreateValidator.fromPartial({
      description: { moniker: `oracle-${key.address.slice(-6)}` },
      commission: { rate: dec("0.1"), maxRate: dec("0.2"), maxChangeRate: dec("0.01") },
      minSelfDelegation: "1",
      delegatorAddress: "",
      validatorAddress: operatorOf(key),
      pubkey: ed25519PubKeyAny(ed25519.getPublicKey(sha256(new TextEncoder().encode(`oracle-cons/${key.address}`)))),
      value: { denom: DENOM, amount },
    }),
  );
}

/**
 * Bonds val1..val3 with 30, 30 and 20 YML next to the dev validator's 10 (bonded total 90),
 * all in one block.
 */
export async function bondValidators(chain: TestChain): Promise<void> {
  await deliverBlock(chain, [
    [keys.val1, [createValidator(keys.val1, "30000000")]],
    [keys.val2, [createValidator(keys.val2, "30000000")]],
    [keys.val3, [createValidator(keys.val3, "20000000")]],
  ]);
}

/** Several signed txs in one block, results in the order given. */
export async function deliverBlock(chain: TestChain, txs: Array<[Secp256k1Key, AnyMsg[]]>): Promise<DeliverResult[]> {
  const hashes: string[] = [];
  for (const [key, msgs] of txs) {
    const check = await chain.engine.broadcastTxSync(chain.sign(key, msgs));
    expect(check.log).toBe("");
    hashes.push(check.hash);
  }
  const block = await chain.engine.produceBlock();
  return hashes.map((h) => {
    const i = block.txHashes.indexOf(h);
    expect(i).toBeGreaterThanOrEqual(0);
    return { ...block.response.txResults[i], hash: h, height: block.height };
  });
}

export function oracleKeeper(chain: TestChain): OracleKeeper {
  const m = chain.app.modules.modules.find((x) => x.name === "oracle") as (Module & { keeper: OracleKeeper }) | undefined;
  if (!m) throw new Error("oracle not registered");
  return m.keeper;
}

export const msg = {
  vote: (feeder: string, validator: string, rates: Array<[string, string]>) =>
    pack(T + "MsgSubmitExchangeRates", tx.MsgSubmitExchangeRates, {
      feeder,
      validator,
      rates: rates.map(([denom, rate]) => ({ denom, rate })),
    }),
  delegate: (operator: string, validator: string, feeder: string) =>
    pack(T + "MsgDelegateFeeder", tx.MsgDelegateFeeder, { operator, validator, feeder }),
  apply: (creator: string, classIds: string[] = [], name = "Acme Valuers", credentials = "RICS 123456") =>
    pack(T + "MsgApplyAppraiser", tx.MsgApplyAppraiser, { creator, name, credentials, classIds }),
  approve: (appraiser: string, approve = true, classIds: string[] = [], authority = govAuthority()) =>
    pack(T + "MsgApproveAppraiser", tx.MsgApproveAppraiser, { authority, appraiser, approve, classIds }),
  revoke: (appraiser: string, reason = "licence withdrawn", authority = govAuthority()) =>
    pack(T + "MsgRevokeAppraiser", tx.MsgRevokeAppraiser, { authority, appraiser, reason }),
  appraise: (m: Partial<tx.MsgSubmitAppraisal> & { appraiser: string }) =>
    pack(
      T + "MsgSubmitAppraisal",
      tx.MsgSubmitAppraisal,
      tx.MsgSubmitAppraisal.fromPartial({
        classId: "land-parcels",
        nftId: "parcel-1",
        value: "250000000000",
        valueDenom: "uusd",
        valuedAt: 1_767_225_600n,
        method: "comparables",
        reportUri: "ipfs://report",
        reportHash: "ab12",
        ...m,
      }),
    ),
  updateParams: (params: Params, authority = govAuthority()) => pack(T + "MsgUpdateParams", tx.MsgUpdateParams, { authority, params }),
};

export const query = {
  params: (chain: TestChain) => chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params!,
  rate: (chain: TestChain, denom: string) =>
    chain.query(Q + "ExchangeRate", q.QueryExchangeRateRequest, { denom }, q.QueryExchangeRateResponse),
  rates: (chain: TestChain) =>
    chain.query(Q + "ExchangeRates", q.QueryExchangeRatesRequest, { pagination: undefined }, q.QueryExchangeRatesResponse).rates,
  misses: (chain: TestChain) =>
    chain.query(Q + "MissCounters", q.QueryMissCountersRequest, { pagination: undefined }, q.QueryMissCountersResponse).counters,
  feeder: (chain: TestChain, validator: string) =>
    chain.query(Q + "FeederDelegation", q.QueryFeederDelegationRequest, { validator }, q.QueryFeederDelegationResponse).feeder,
  appraiser: (chain: TestChain, address: string) =>
    chain.query(Q + "GetAppraiser", q.QueryGetAppraiserRequest, { address }, q.QueryGetAppraiserResponse).appraiser!,
  appraisers: (chain: TestChain) =>
    chain.query(Q + "ListAppraiser", q.QueryListAppraiserRequest, { pagination: undefined }, q.QueryListAppraiserResponse).appraisers,
  appraisal: (chain: TestChain, classId: string, nftId: string) =>
    chain.query(Q + "Appraisal", q.QueryAppraisalRequest, { classId, nftId }, q.QueryAppraisalResponse),
  history: (chain: TestChain, classId: string, nftId: string) =>
    chain.query(
      Q + "AppraisalHistory",
      q.QueryAppraisalHistoryRequest,
      { classId, nftId, pagination: undefined },
      q.QueryAppraisalHistoryResponse,
    ).appraisals,
};
