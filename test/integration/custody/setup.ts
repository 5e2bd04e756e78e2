import type { FastifyInstance } from "fastify";
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import * as q from "../../../src/gen/blockchain/custody/v1/query";
import * as tx from "../../../src/gen/blockchain/custody/v1/tx";
import type { Params } from "../../../src/gen/blockchain/custody/v1/params";
import { createRestServer, DevBackend } from "../../../src/rest";
import { govAuthority } from "../../../src/types/authority";
import type { Codec } from "../../../src/types/codec";
import { silentLogger } from "../../../src/types/logger";
import { DENOM, pack, type DeliverResult, type TestChain } from "../../helpers/chain";
import { moduleChain, moduleErrorExpecter, moduleKeys } from "../../helpers/module-setup";

export { eventOf, queryCode } from "../../helpers/module-setup";

export const T = "/blockchain.custody.v1.";
export const Q = "/blockchain.custody.v1.Query/";
export const BTC = "cbtc";

export const keys = moduleKeys("custody", ["a1", "a2", "a3", "alice", "bob", "mallory"]);

/** Test params: two of the attestors credit, redemptions payable 3 blocks after the request. */
export const testParams = { attestation_threshold: 2, redemption_delay_blocks: "3", fee_bps: 0, reserve_report_max_age_blocks: "10" };

export function custodyChain(mutate?: (custody: Record<string, any>, appState: Record<string, any>) => void): Promise<TestChain> {
  return moduleChain("custody", Object.keys(keys), [{ denom: DENOM, amount: "1000000000" }], (s) => {
    s.custody.params = { ...testParams };
    mutate?.(s.custody, s);
  });
}

export const expectCustodyError = moduleErrorExpecter("custody");

export function sdkCode(res: { codespace: string; code: number }) {
  return { codespace: res.codespace, code: res.code };
}

export const msg = {
  registerAsset: (over: Partial<tx.MsgRegisterAsset> = {}, authority = govAuthority()) =>
    pack(T + "MsgRegisterAsset", tx.MsgRegisterAsset, {
      authority,
      denom: BTC,
      sourceChain: "bitcoin",
      symbol: "BTC",
      exponent: 8,
      ...over,
    }),
  setAttestor: (attestor: string, active = true, authority = govAuthority()) =>
    pack(T + "MsgSetAttestor", tx.MsgSetAttestor, { authority, attestor, active }),
  attest: (attestor: string, recipient: string, amount: string, externalRef: string, denom = BTC) =>
    pack(T + "MsgAttestDeposit", tx.MsgAttestDeposit, { attestor, denom, recipient, amount, externalRef }),
  report: (attestor: string, held: string, denom = BTC) => pack(T + "MsgReportReserve", tx.MsgReportReserve, { attestor, denom, held }),
  withdrawFees: (recipient: string, amount = "", denom = BTC, authority = govAuthority()) =>
    pack(T + "MsgWithdrawFees", tx.MsgWithdrawFees, { authority, denom, recipient, amount }),
  redeem: (redeemer: string, amount: string, destination = "bc1qdestination", denom = BTC) =>
    pack(T + "MsgRequestRedemption", tx.MsgRequestRedemption, { redeemer, denom, amount, destination }),
  settle: (attestor: string, redemptionId: string, settledRef = "btc-tx-payout") =>
    pack(T + "MsgSettleRedemption", tx.MsgSettleRedemption, { attestor, redemptionId, settledRef }),
  updateParams: (params: Params, authority = govAuthority()) => pack(T + "MsgUpdateParams", tx.MsgUpdateParams, { authority, params }),
};

/** Registers cbtc and appoints a1, a2, a3 through governance. */
export async function setUpAsset(chain: TestChain): Promise<void> {
  const res = await chain.govExec([
    msg.registerAsset(),
    msg.setAttestor(keys.a1.address),
    msg.setAttestor(keys.a2.address),
    msg.setAttestor(keys.a3.address),
  ]);
  if (res.log !== "") throw new Error(res.log);
}

export function response<R>(res: DeliverResult, codec: Codec<R>, index = 0): R {
  return codec.decode(TxMsgData.decode(res.data).msgResponses[index]!.value);
}

export function solvency(chain: TestChain) {
  return chain.query(Q + "Solvency", q.QuerySolvencyRequest, {}, q.QuerySolvencyResponse).solvency;
}

export async function restOf(
  chain: TestChain,
): Promise<{ rest: FastifyInstance; get(url: string): Promise<{ status: number; body: any }> }> {
  const rest = createRestServer({ app: chain.app, node: new DevBackend(chain.engine, chain.app), logger: silentLogger });
  await rest.ready();
  return {
    rest,
    async get(url) {
      const res = await rest.inject({ method: "GET", url });
      return { status: res.statusCode, body: JSON.parse(res.payload) };
    },
  };
}
