import type { MsgTransfer } from "../../gen/ibc/applications/transfer/v1/tx";
import { parseAmount, isValidDenom, type Coin } from "../../types/coins";
import { AppError } from "../../types/errors";
import { validateIbcDenom } from "./denom";
import { ibcErrors, transferErrors } from "./errors";
import { goIsBlank, utf8Length } from "./go-text";
import { validateChannelId, validatePortId } from "../../types/ibc-host";
import { MAXIMUM_MEMO_LENGTH, MAXIMUM_RECEIVER_LENGTH } from "./packet";

/**
 * MsgTransfer.ValidateBasic as ibc-go v10: identifiers, a positive coin with an SDK-valid denom
 * that is not a malformed "ibc/…", non-blank sender and receiver, the receiver and memo within
 * their byte limits. Returns the parsed coin.
 *
 * Not checked here, as in ibc-go: the sender's address format (the handler decodes it), the
 * timeouts (core IBC's SendPacket refuses a packet with neither), and `encoding`, which a v1
 * channel ignores (the packet is always JSON).
 */
export function validateMsgTransfer(m: MsgTransfer): Coin {
  prefixed(() => validatePortId(m.sourcePort), `invalid source port ID ${m.sourcePort}`);
  prefixed(() => validateChannelId(m.sourceChannel), `invalid source channel ID ${m.sourceChannel}`);
  const token = validateToken(m.token);
  if (goIsBlank(m.sender)) throw ibcErrors.ErrInvalidAddress.wrap("missing sender address");
  if (goIsBlank(m.receiver)) throw ibcErrors.ErrInvalidAddress.wrap("missing recipient address");
  if (utf8Length(m.receiver) > MAXIMUM_RECEIVER_LENGTH) {
    throw ibcErrors.ErrInvalidAddress.wrap(`recipient address must not exceed ${MAXIMUM_RECEIVER_LENGTH} bytes`);
  }
  if (utf8Length(m.memo) > MAXIMUM_MEMO_LENGTH)
    throw transferErrors.ErrInvalidMemo.wrap(`memo must not exceed ${MAXIMUM_MEMO_LENGTH} bytes`);
  return token;
}

/** Every coin failure is core IBC's ErrInvalidCoins, whatever the cause (isValidIBCCoin is a bool). */
function validateToken(token: MsgTransfer["token"]): Coin {
  const text = token ? `${token.amount}${token.denom}` : "<nil>";
  if (!token || !isValidDenom(token.denom)) throw ibcErrors.ErrInvalidCoins.wrap(text);
  let amount: bigint;
  try {
    amount = parseAmount(token.amount);
    validateIbcDenom(token.denom);
  } catch (e) {
    if (e instanceof AppError) throw ibcErrors.ErrInvalidCoins.wrap(text);
    throw e;
  }
  if (amount <= 0n) throw ibcErrors.ErrInvalidCoins.wrap(text);
  return { denom: token.denom, amount };
}

/** errorsmod.Wrapf(err, what): the check's own code, `what` before its message. */
function prefixed(check: () => void, what: string): void {
  try {
    check();
  } catch (e) {
    if (e instanceof AppError) e.message = `${what}: ${e.message}`;
    throw e;
  }
}
