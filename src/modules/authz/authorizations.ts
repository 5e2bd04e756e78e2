import { GenericAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import { SendAuthorization } from "cosmjs-types/cosmos/bank/v1beta1/authz";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { accAddress } from "../../types/address";
import type { AnyMsg } from "../../types/codec";
import { coinsFromProto, coinsToProto, safeSubCoins } from "../../types/coins";
import type { Context } from "../../types/context";
import { registerError, sdkErrors } from "../../types/errors";

/** What an authorization decides for one message, as the SDK's authz.AcceptResponse. */
export interface AcceptResponse {
  accept: boolean;
  /** The grant is used up and is removed. */
  delete?: boolean;
  /** The authorization to store in place of the current one (a smaller spend limit). */
  updated?: AnyMsg;
}

/**
 * One Authorization implementation (the SDK's authz.Authorization interface), keyed by the
 * type URL of its Any. Modules with their own authorizations register one with the keeper.
 */
export interface AuthorizationType {
  typeUrl: string;
  /** The message type URL this authorization grants. */
  msgTypeUrl(value: Uint8Array): string;
  /** Stateless checks (ValidateBasic); throws an AppError. */
  validate(value: Uint8Array): void;
  accept(ctx: Context, value: Uint8Array, msg: AnyMsg): AcceptResponse;
}

export const GENERIC_AUTHORIZATION_URL = "/cosmos.authz.v1beta1.GenericAuthorization";
export const SEND_AUTHORIZATION_URL = "/cosmos.bank.v1beta1.SendAuthorization";
const MSG_SEND_URL = "/cosmos.bank.v1beta1.MsgSend";
/** The SDK charges this per allow-list entry scanned (x/bank/types/send_authorization.go). */
const GAS_PER_ALLOW_LIST_ENTRY = 10n;
/** x/bank's code for a repeated allow-list address (registerError returns bank's own kind). */
const ErrDuplicateEntry = registerError("bank", 8, "duplicate entry");

export const genericAuthorization: AuthorizationType = {
  typeUrl: GENERIC_AUTHORIZATION_URL,
  msgTypeUrl: (value) => GenericAuthorization.decode(value).msg,
  validate: () => {},
  accept: () => ({ accept: true }),
};

export const sendAuthorization: AuthorizationType = {
  typeUrl: SEND_AUTHORIZATION_URL,
  msgTypeUrl: () => MSG_SEND_URL,
  validate: (value) => {
    const a = SendAuthorization.decode(value);
    if (a.spendLimit.length === 0) throw sdkErrors.ErrInvalidCoins.wrap("spend limit cannot be nil");
    coinsFromProto(a.spendLimit);
    const seen = new Set<string>();
    for (const address of a.allowList) {
      accAddress.validate(address);
      if (seen.has(address)) throw ErrDuplicateEntry.wrap(`${address} appears twice in the allow list`);
      seen.add(address);
    }
  },
  accept: (ctx, value, msg) => {
    if (msg.typeUrl !== MSG_SEND_URL) throw sdkErrors.ErrInvalidType.wrap("type mismatch");
    const a = SendAuthorization.decode(value);
    const send = MsgSend.decode(msg.value);
    const left = safeSubCoins(coinsFromProto(a.spendLimit), coinsFromProto(send.amount));
    if (!left) throw sdkErrors.ErrInsufficientFunds.wrap("requested amount is more than spend limit");
    let allowed = false;
    for (const address of a.allowList) {
      ctx.gasMeter.consume(GAS_PER_ALLOW_LIST_ENTRY, "send authorization");
      if (address === send.toAddress) {
        allowed = true;
        break;
      }
    }
    if (a.allowList.length > 0 && !allowed) throw sdkErrors.ErrUnauthorized.wrap(`cannot send to ${send.toAddress} address`);
    if (left.length === 0) return { accept: true, delete: true };
    const updated = SendAuthorization.encode({ spendLimit: coinsToProto(left), allowList: a.allowList }).finish();
    return { accept: true, updated: { typeUrl: SEND_AUTHORIZATION_URL, value: updated } };
  },
};
