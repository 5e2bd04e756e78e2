import type { FungibleTokenPacketData } from "../../gen/ibc/applications/transfer/v1/packet";
import { AppError } from "../../types/errors";
import { denomFromPath, validateDenom, type Denom } from "./denom";
import { ibcErrors, transferErrors } from "./errors";
import { parseGoInt } from "./go-int";
import { GoJsonError, goUnmarshalStringStruct } from "./go-json";
import { goIsBlank, goJsonQuote, utf8Length } from "./go-text";

export type { FungibleTokenPacketData };

/** The only ICS-20 version: the channel version and the packet data format. */
export const ICS20_VERSION = "ics20-1";

/** Longest memo in bytes, on send (MsgTransfer) and on receive. */
export const MAXIMUM_MEMO_LENGTH = 32768;
/** Longest receiver in bytes, checked only on send: the receiver is the other chain's business. */
export const MAXIMUM_RECEIVER_LENGTH = 2048;

/** The packet data as the transfer logic uses it: the path split into hops, the amount parsed. */
export interface TransferPacket {
  denom: Denom;
  /** As written in the packet; `amount` is its value. */
  amountText: string;
  amount: bigint;
  sender: string;
  receiver: string;
  memo: string;
}

const FIELDS = ["denom", "amount", "sender", "receiver", "memo"] as const;

/**
 * GetBytes: encoding/json of the Go struct, fields in declaration order (not sorted), each
 * omitted when empty, Go's HTML-safe string escaping. These bytes are committed, so they must
 * match what an ibc-go chain would commit for the same data.
 */
export function packetDataBytes(d: FungibleTokenPacketData): Uint8Array {
  const members: string[] = [];
  for (const f of FIELDS) if (d[f] !== "") members.push(`"${f}":${goJsonQuote(d[f])}`);
  return new TextEncoder().encode(`{${members.join(",")}}`);
}

/**
 * FungibleTokenPacketData.ValidateBasic: an amount NewIntFromString reads as positive, a
 * non-blank sender and receiver (their format is the other chain's), a valid denom path.
 * Returns the parsed denom and amount. The memo's length is not checked here (see
 * validateReceivedPacket).
 */
export function validatePacketData(d: FungibleTokenPacketData): { denom: Denom; amount: bigint } {
  const amount = parseGoInt(d.amount);
  if (amount === undefined) throw transferErrors.ErrInvalidAmount.wrap(`unable to parse transfer amount (${d.amount}) into math.Int`);
  if (amount <= 0n) throw transferErrors.ErrInvalidAmount.wrap(`amount must be strictly positive: got ${amount}`);
  if (goIsBlank(d.sender)) throw ibcErrors.ErrInvalidAddress.wrap("sender address cannot be blank");
  if (goIsBlank(d.receiver)) throw ibcErrors.ErrInvalidAddress.wrap("receiver address cannot be blank");
  const denom = denomFromPath(d.denom);
  validateDenom(denom);
  return { denom, amount };
}

function wrapInvalid(err: unknown, what: string): never {
  if (err instanceof AppError) {
    err.message = `${what}: ${err.message}`;
    throw err;
  }
  throw err;
}

/**
 * UnmarshalPacketData for an "ics20-1" channel: the JSON as encoding/json reads it into the Go
 * struct (see go-json.ts), then ValidateBasic. A decoding failure is core IBC's ErrInvalidType,
 * a validation failure keeps its own code; either becomes the error acknowledgement.
 */
export function decodePacketData(bytes: Uint8Array, channelVersion: string = ICS20_VERSION): TransferPacket {
  if (channelVersion !== ICS20_VERSION) throw transferErrors.ErrInvalidVersion.wrap(channelVersion);
  let d: FungibleTokenPacketData;
  try {
    d = goUnmarshalStringStruct(bytes, FIELDS);
  } catch (e) {
    if (e instanceof GoJsonError) throw ibcErrors.ErrInvalidType.wrap(`cannot unmarshal ICS20-V1 transfer packet data: ${e.message}`);
    throw e;
  }
  let parsed: { denom: Denom; amount: bigint };
  try {
    parsed = validatePacketData(d);
  } catch (e) {
    wrapInvalid(e, "invalid packet data");
  }
  return { denom: parsed.denom, amountText: d.amount, amount: parsed.amount, sender: d.sender, receiver: d.receiver, memo: d.memo };
}

/**
 * The receiving side's extra check before anything moves (InternalTransferRepresentation
 * .ValidateBasic): the memo at most MAXIMUM_MEMO_LENGTH bytes. The rest repeats what
 * decodePacketData already checked.
 */
export function validateReceivedPacket(p: TransferPacket): void {
  if (utf8Length(p.memo) > MAXIMUM_MEMO_LENGTH) {
    throw transferErrors.ErrInvalidMemo.wrap(
      `error validating ICS-20 transfer packet data: memo must not exceed ${MAXIMUM_MEMO_LENGTH} bytes`,
    );
  }
}
