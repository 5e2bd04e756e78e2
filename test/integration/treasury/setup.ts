import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import * as q from "../../../src/gen/blockchain/treasury/v1/query";
import * as tx from "../../../src/gen/blockchain/treasury/v1/tx";
import type { Params } from "../../../src/gen/blockchain/treasury/v1/params";
import type { SpendPolicy } from "../../../src/gen/blockchain/treasury/v1/treasury";
import { Role } from "../../../src/gen/blockchain/treasury/v1/treasury";
import { LockType } from "../../../src/gen/blockchain/treasury/v1/lock";
import { govAuthority } from "../../../src/types/authority";
import { DENOM, pack, type DeliverResult, type TestChain } from "../../helpers/chain";
import { moduleChain, moduleErrorExpecter, moduleKeys } from "../../helpers/module-setup";

export { eventOf, queryCode } from "../../helpers/module-setup";
export { Role, LockType };

export const T = "/blockchain.treasury.v1.";
export const Q = "/blockchain.treasury.v1.Query/";
export const USD = "uusd";

export const keys = moduleKeys("treasury", ["admin", "spender", "pauser", "bene", "other", "mallory", "buyer", "seller", "moderator"]);

export function treasuryChain(mutateGenesis?: (appState: Record<string, any>) => void): Promise<TestChain> {
  return moduleChain(
    "treasury",
    Object.keys(keys),
    [
      { denom: DENOM, amount: "1000000000" },
      { denom: USD, amount: "1000000000" },
    ],
    mutateGenesis,
  );
}

export const expectTreasuryError = moduleErrorExpecter("treasury");

const coins = (amount: string | bigint, denom = USD) => [{ denom, amount: amount.toString() }];

export const msg = {
  create: (creator: string, name = "ops", admin = "") => pack(T + "MsgCreateTreasury", tx.MsgCreateTreasury, { creator, name, admin }),
  deposit: (depositor: string, treasuryId: bigint, amount: string | bigint, denom = USD) =>
    pack(T + "MsgDeposit", tx.MsgDeposit, { depositor, treasuryId, amount: coins(amount, denom) }),
  spend: (spender: string, treasuryId: bigint, recipient: string, amount: string | bigint, over: Partial<tx.MsgSpend> = {}) =>
    pack(
      T + "MsgSpend",
      tx.MsgSpend,
      tx.MsgSpend.fromPartial({ spender, treasuryId, recipient, amount: coins(amount), memo: "", ...over }),
    ),
  lock: (admin: string, treasuryId: bigint, beneficiary: string, amount: string | bigint, over: Partial<tx.MsgCreateLock>) =>
    pack(
      T + "MsgCreateLock",
      tx.MsgCreateLock,
      tx.MsgCreateLock.fromPartial({ admin, treasuryId, beneficiary, denom: USD, amount: amount.toString(), ...over }),
    ),
  claim: (beneficiary: string, lockId: bigint) => pack(T + "MsgClaimLock", tx.MsgClaimLock, { beneficiary, lockId }),
  revoke: (admin: string, lockId: bigint) => pack(T + "MsgRevokeLock", tx.MsgRevokeLock, { admin, lockId }),
  openEscrow: (depositor: string, beneficiary: string, moderator: string, amount: string | bigint, over: Partial<tx.MsgOpenEscrow> = {}) =>
    pack(
      T + "MsgOpenEscrow",
      tx.MsgOpenEscrow,
      tx.MsgOpenEscrow.fromPartial({ depositor, beneficiary, moderator, amount: { denom: USD, amount: amount.toString() }, ...over }),
    ),
  release: (depositor: string, lockId: bigint) => pack(T + "MsgReleaseEscrow", tx.MsgReleaseEscrow, { depositor, lockId }),
  dispute: (party: string, lockId: bigint, reason = "goods not delivered") =>
    pack(T + "MsgDisputeEscrow", tx.MsgDisputeEscrow, { party, lockId, reason }),
  resolve: (moderator: string, lockId: bigint, payBeneficiary: boolean) =>
    pack(T + "MsgResolveEscrow", tx.MsgResolveEscrow, { moderator, lockId, payBeneficiary }),
  assign: (admin: string, treasuryId: bigint, address: string, role: Role) =>
    pack(T + "MsgAssignRole", tx.MsgAssignRole, { admin, treasuryId, address, role }),
  unassign: (admin: string, treasuryId: bigint, address: string) =>
    pack(T + "MsgRevokeRole", tx.MsgRevokeRole, { admin, treasuryId, address }),
  policy: (admin: string, policy: Partial<SpendPolicy> & { treasuryId: bigint }) =>
    pack(T + "MsgSetSpendPolicy", tx.MsgSetSpendPolicy, {
      admin,
      policy: { denom: USD, perTransactionLimit: "", periodLimit: "", periodSeconds: 0n, allowlist: [], blocklist: [], ...policy },
    }),
  pause: (sender: string, treasuryId: bigint, paused = true) => pack(T + "MsgSetPaused", tx.MsgSetPaused, { sender, treasuryId, paused }),
  setAdmin: (admin: string, treasuryId: bigint, newAdmin: string) =>
    pack(T + "MsgSetAdmin", tx.MsgSetAdmin, { admin, treasuryId, newAdmin }),
  updateParams: (params: Params, authority = govAuthority()) => pack(T + "MsgUpdateParams", tx.MsgUpdateParams, { authority, params }),
};

export function responseOf<R>(res: DeliverResult, codec: { decode(b: Uint8Array): R }, index = 0): R {
  return codec.decode(TxMsgData.decode(res.data).msgResponses[index]!.value);
}

/** The id in a MsgCreateTreasury, MsgCreateLock or MsgOpenEscrow response (field 1). */
export function idOf(res: DeliverResult): bigint {
  return responseOf(res, tx.MsgCreateTreasuryResponse).id;
}

/** Current block time in Unix seconds. */
export function now(chain: TestChain): bigint {
  return chain.engine.lastBlockTime.seconds;
}

/** The next block runs at `seconds`. */
export function at(chain: TestChain, seconds: bigint): void {
  chain.setNextBlockTime({ seconds, nanos: 0 });
}

export function getLock(chain: TestChain, id: bigint) {
  return chain.query(Q + "GetLock", q.QueryGetLockRequest, { id }, q.QueryGetLockResponse).lock!;
}

export function getTreasury(chain: TestChain, id: bigint) {
  return chain.query(Q + "GetTreasury", q.QueryGetTreasuryRequest, { id }, q.QueryGetTreasuryResponse).treasury!;
}

export function balances(chain: TestChain, treasuryId: bigint) {
  return chain.query(Q + "TreasuryBalances", q.QueryTreasuryBalancesRequest, { treasuryId }, q.QueryTreasuryBalancesResponse).balances;
}

export function capacity(chain: TestChain, treasuryId: bigint, denom = USD) {
  return chain.query(Q + "SpendCapacity", q.QuerySpendCapacityRequest, { treasuryId, denom }, q.QuerySpendCapacityResponse);
}

export function claimable(chain: TestChain, lockId: bigint) {
  return chain.query(Q + "ClaimableAmount", q.QueryClaimableAmountRequest, { lockId }, q.QueryClaimableAmountResponse);
}

export function getParams(chain: TestChain): Params {
  return chain.query(Q + "Params", q.QueryParamsRequest, {}, q.QueryParamsResponse).params!;
}
