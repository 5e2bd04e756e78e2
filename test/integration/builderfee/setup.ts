import { MsgMultiSend, MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import * as q from "../../../src/gen/blockchain/builderfee/v1/query";
import * as tx from "../../../src/gen/blockchain/builderfee/v1/tx";
import { govAuthority } from "../../../src/types/authority";
import { DENOM, pack, testKey, type TestChain } from "../../helpers/chain";
import { moduleChain, moduleErrorExpecter, moduleKeys } from "../../helpers/module-setup";

export { eventsOf, queryCode } from "../../helpers/module-setup";

export const T = "/blockchain.builderfee.v1.";
export const Q = "/blockchain.builderfee.v1.Query/";
export const SEND = "/cosmos.bank.v1beta1.MsgSend";
export const MULTI_SEND = "/cosmos.bank.v1beta1.MsgMultiSend";
export const REGISTER = T + "MsgRegisterBuilder";
/** A second fee denom, so shares are checked per coin. */
export const FOO = "ufoo";

const FUNDED = ["creator", "payer", "mallory"] as const;

export const keys = {
  ...moduleKeys("builderfee", FUNDED),
  // Payout addresses hold nothing at genesis, so their balance is exactly what they were paid.
  sendBuilder: testKey("builderfee/send-builder"),
  multiBuilder: testKey("builderfee/multi-builder"),
  friend: testKey("builderfee/friend"),
};

/** FOO has an approved stablecoin issuer at genesis, so it is accepted as a fee (stablecoin 1111 otherwise). */
function approveFoo(appState: Record<string, any>): void {
  const issuer = keys.creator.address;
  appState.stablecoin.issuer_application_map.push({
    denom: FOO,
    status: "approved",
    creator: issuer,
    display_denom: "foo",
    exponent: "6",
    name: "Foo",
    symbol: "FOO",
    description: "",
  });
  appState.stablecoin.approved_issuer_map.push({ denom: FOO, issuer });
}

export function builderfeeChain(mutateGenesis?: (appState: Record<string, any>) => void): Promise<TestChain> {
  return moduleChain(
    "builderfee",
    FUNDED,
    [
      { denom: FOO, amount: "1000000000" },
      { denom: DENOM, amount: "1000000000" },
    ],
    (s) => {
      approveFoo(s);
      mutateGenesis?.(s);
    },
  );
}

export const expectBuilderfeeError = moduleErrorExpecter("builderfee");

export const msg = {
  register: (creator: string, msgTypeUrl: string, payoutAddress: string) =>
    pack(REGISTER, tx.MsgRegisterBuilder, { creator, msgTypeUrl, payoutAddress }),
  approve: (msgTypeUrl: string, approve = true, authority = govAuthority()) =>
    pack(T + "MsgApproveBuilder", tx.MsgApproveBuilder, { authority, msgTypeUrl, approve }),
  updateParams: (builderFeeShareBps: bigint, authority = govAuthority()) =>
    pack(T + "MsgUpdateParams", tx.MsgUpdateParams, { authority, params: { builderFeeShareBps } }),
  send: (from: string, to: string, amount = "1") =>
    pack(SEND, MsgSend, { fromAddress: from, toAddress: to, amount: [{ denom: DENOM, amount }] }),
  multiSend: (from: string, to: string, amount = "1") =>
    pack(MULTI_SEND, MsgMultiSend, {
      inputs: [{ address: from, coins: [{ denom: DENOM, amount }] }],
      outputs: [{ address: to, coins: [{ denom: DENOM, amount }] }],
    }),
};

export function getApplication(chain: TestChain, msgTypeUrl: string) {
  return chain.query(Q + "GetBuilderApplication", q.QueryGetBuilderApplicationRequest, { msgTypeUrl }, q.QueryGetBuilderApplicationResponse)
    .builderApplication!;
}

export function getBuilder(chain: TestChain, msgTypeUrl: string) {
  return chain.query(Q + "GetApprovedBuilder", q.QueryGetApprovedBuilderRequest, { msgTypeUrl }, q.QueryGetApprovedBuilderResponse)
    .approvedBuilder!;
}

export function listApplications(chain: TestChain) {
  return chain.query(
    Q + "ListBuilderApplication",
    q.QueryAllBuilderApplicationRequest,
    { pagination: undefined },
    q.QueryAllBuilderApplicationResponse,
  );
}

export function listBuilders(chain: TestChain) {
  return chain.query(
    Q + "ListApprovedBuilder",
    q.QueryAllApprovedBuilderRequest,
    { pagination: undefined },
    q.QueryAllApprovedBuilderResponse,
  );
}

export function getBps(chain: TestChain): bigint {
  return chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params!.builderFeeShareBps;
}
