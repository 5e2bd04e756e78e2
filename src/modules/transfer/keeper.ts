import { Params } from "../../gen/ibc/applications/transfer/v1/transfer";
import { Denom as DenomCodec } from "../../gen/ibc/applications/transfer/v1/token";
import type { Height } from "../../gen/ibc/core/client/v1/client";
import { Schema } from "../../store/collections";
import { bytesKey, intValue, protoValue, stringKey, stringValue } from "../../store/codecs";
import { accAddress, moduleAddress } from "../../types/address";
import { accAddressKey } from "../../types/address-key";
import type { Coin } from "../../types/coins";
import type { Context } from "../../types/context";
import { AppError } from "../../types/errors";
import { denomHash, denomPath, hasPrefix, ibcDenom, parseIbcDenomHash, receivedDenom, DENOM_PREFIX, type Denom } from "./denom";
import { channelErrors, ibcErrors, transferErrors } from "./errors";
import { escrowAddress } from "./escrow";
import { transferEvents } from "./events";
import type { BankKeeper, ChannelKeeper } from "./expected-keepers";
import { packetDataBytes, validatePacketData, validateReceivedPacket, ICS20_VERSION, type TransferPacket } from "./packet";
import { defaultParams } from "./params";

export const TRANSFER_MODULE = "transfer";
/** The one port transfer binds. */
export const TRANSFER_PORT = "transfer";

/** MsgTransfer's "send my whole balance" amount (ibc-go's UnboundedSpendLimit, 2^256 - 1). */
export const UNBOUNDED_SPEND_LIMIT = (1n << 256n) - 1n;

/** What a MsgTransfer asks for, its coin already checked by validateMsgTransfer. */
export interface TransferRequest {
  sourcePort: string;
  sourceChannel: string;
  token: Coin;
  sender: string;
  receiver: string;
  timeoutHeight: Height | undefined;
  timeoutTimestamp: bigint;
  memo: string;
}

/** errorsmod.Wrap(err, what) on an error of another module: its code, `what` before its message. */
function prefixError(e: unknown, what: string): never {
  if (e instanceof AppError) e.message = `${what}: ${e.message}`;
  throw e;
}

/**
 * ICS-20 (ibc-go v10 modules/apps/transfer, v1 channels): params, the denoms vouchers stand for,
 * escrow per channel and its total per denom. Every coin moves through bank, so the chain's
 * send restrictions (a frozen sender, a halted share) hold on IBC as on a MsgSend.
 */
export class TransferKeeper {
  private readonly schema = new Schema("transfer/");
  readonly params = this.schema.item(1, "params", protoValue(Params, "Params"), defaultParams());
  /** Denom records of vouchers minted here, by sha256 of their path (ibc-go's `Denom` store). */
  readonly denoms = this.schema.map(2, "denoms", bytesKey, protoValue(DenomCodec, "Denom"));
  /** What the escrow accounts hold in total, per bank denom (ibc-go's totalEscrowForDenom). */
  readonly totalEscrow = this.schema.map(3, "total_escrow", stringKey, intValue);
  /**
   * The escrow accounts of the channels this port opened, address → channel id: escrow
   * addresses are hashes, and the chain's rules need to tell an escrow account from a user's.
   */
  readonly escrowAccounts = this.schema.map(4, "escrow_accounts", accAddressKey, stringValue);

  readonly moduleAccount = moduleAddress(TRANSFER_MODULE);

  constructor(
    readonly bank: BankKeeper,
    readonly channels: ChannelKeeper,
  ) {}

  getParams(ctx: Context): Params {
    return this.params.get(ctx);
  }

  getDenom(ctx: Context, hash: Uint8Array): Denom | undefined {
    return this.denoms.get(ctx, hash);
  }

  getTotalEscrow(ctx: Context, denom: string): bigint {
    return this.totalEscrow.get(ctx, denom) ?? 0n;
  }

  private setTotalEscrow(ctx: Context, denom: string, amount: bigint): void {
    if (amount === 0n) this.totalEscrow.remove(ctx, denom);
    else this.totalEscrow.set(ctx, denom, amount);
  }

  /** True for the escrow account of a channel this chain opened on the transfer port. */
  isEscrowAccount(ctx: Context, address: string): boolean {
    return this.escrowAccounts.has(ctx, address);
  }

  /** Notes the channel's escrow account (called when the channel opens). */
  registerEscrow(ctx: Context, portId: string, channelId: string): void {
    this.escrowAccounts.set(ctx, escrowAddress(portId, channelId), `${portId}/${channelId}`);
  }

  /** ibc-go's IsBlockedAddr: bank's blocked addresses, this module's own account excepted. */
  private isBlocked(address: string): boolean {
    return address !== this.moduleAccount && this.bank.isBlocked(address);
  }

  /** TokenFromCoin: a native coin as itself, an "ibc/<hash>" voucher as the denom it stands for. */
  denomOfCoin(ctx: Context, bankDenom: string): Denom {
    if (!bankDenom.startsWith(`${DENOM_PREFIX}/`)) return { base: bankDenom, trace: [] };
    const hexHash = bankDenom.slice(DENOM_PREFIX.length + 1);
    const hash = parseIbcDenomHash(bankDenom);
    if (hash === undefined) throw transferErrors.ErrInvalidDenomForTransfer.wrap(`invalid denom trace hash ${hexHash}`);
    const denom = this.denoms.get(ctx, hash);
    if (denom === undefined) throw transferErrors.ErrDenomNotFound.wrap(hexHash);
    return denom;
  }

  /** MsgTransfer over a v1 channel: moves the coin (escrow or burn), sends the packet, returns its sequence. */
  transfer(ctx: Context, r: TransferRequest): bigint {
    if (!this.getParams(ctx).sendEnabled) throw transferErrors.ErrSendDisabled.wrap();
    let amount = r.token.amount;
    if (amount === UNBOUNDED_SPEND_LIMIT) {
      amount = this.bank.getBalance(ctx, r.sender, r.token.denom);
      if (amount === 0n) throw transferErrors.ErrInvalidAmount.wrap(`empty spendable balance for ${r.token.denom}`);
    }
    const denom = this.denomOfCoin(ctx, r.token.denom);
    const data = { denom: denomPath(denom), amount: amount.toString(), sender: r.sender, receiver: r.receiver, memo: r.memo };
    try {
      validatePacketData(data);
    } catch (e) {
      prefixError(e, `failed to validate ${ICS20_VERSION} packet data`);
    }
    // Only v1 channels: ibc-go would take an unknown channel for an IBC v2 client id, which this chain does not serve.
    if (this.channels.getChannel(ctx, r.sourcePort, r.sourceChannel) === undefined) {
      throw channelErrors.ErrChannelNotFound.wrap(`port ID (${r.sourcePort}) channel ID (${r.sourceChannel})`);
    }
    // As ibc-go: the coin moves and the packet leaves on the module's own port.
    this.sendTransfer(ctx, TRANSFER_PORT, r.sourceChannel, denom, { denom: r.token.denom, amount }, r.sender);
    const sequence = this.channels.sendPacket(
      ctx,
      TRANSFER_PORT,
      r.sourceChannel,
      r.timeoutHeight,
      r.timeoutTimestamp,
      packetDataBytes(data),
    );
    transferEvents.transfer(ctx, { sender: r.sender, receiver: r.receiver, denom, amountText: data.amount, memo: r.memo });
    return sequence;
  }

  /**
   * SendTransfer: a voucher going back over the channel it came in by is burned (its origin
   * unescrows it); anything else is escrowed in the channel's escrow account.
   */
  sendTransfer(ctx: Context, sourcePort: string, sourceChannel: string, denom: Denom, coin: Coin, sender: string): void {
    if (!this.getParams(ctx).sendEnabled) throw transferErrors.ErrSendDisabled.wrap();
    if (this.isBlocked(sender)) throw ibcErrors.ErrUnauthorized.wrap(`${sender} is not allowed to send funds`);
    if (!this.bank.isSendEnabled(ctx, coin.denom)) {
      throw transferErrors.ErrSendDisabled.wrap(`${coin.denom} transfers are currently disabled: send transactions are disabled`);
    }
    if (hasPrefix(denom, sourcePort, sourceChannel)) {
      this.bank.sendCoinsFromAccountToModule(ctx, sender, TRANSFER_MODULE, [coin]);
      this.bank.burnCoins(ctx, TRANSFER_MODULE, [coin]);
    } else {
      this.escrowCoin(ctx, sender, sourcePort, sourceChannel, coin);
    }
  }

  escrowCoin(ctx: Context, sender: string, portId: string, channelId: string, coin: Coin): void {
    this.bank.sendCoins(ctx, sender, escrowAddress(portId, channelId), [coin]);
    this.setTotalEscrow(ctx, coin.denom, this.getTotalEscrow(ctx, coin.denom) + coin.amount);
  }

  unescrowCoin(ctx: Context, portId: string, channelId: string, receiver: string, coin: Coin): void {
    try {
      this.bank.sendCoins(ctx, escrowAddress(portId, channelId), receiver, [coin]);
    } catch (e) {
      prefixError(
        e,
        "unable to unescrow tokens, this may be caused by a malicious counterparty module or a bug: please open an issue on counterparty module",
      );
    }
    this.setTotalEscrow(ctx, coin.denom, this.getTotalEscrow(ctx, coin.denom) - coin.amount);
  }

  /**
   * OnRecvPacket: a token coming home is unescrowed, any other is minted as the voucher of its
   * path with this channel prepended. A throw here becomes the error acknowledgement.
   */
  onRecvPacket(ctx: Context, p: TransferPacket, sourcePort: string, sourceChannel: string, destPort: string, destChannel: string): void {
    validateReceivedPacket(p);
    if (!this.getParams(ctx).receiveEnabled) throw transferErrors.ErrReceiveDisabled.wrap();
    const receiver = decodeAddress(p.receiver);
    if (receiver === undefined) throw ibcErrors.ErrInvalidAddress.wrap(`failed to decode receiver address: ${p.receiver}`);
    // Unlike ibc-go, not this module's own account either: a voucher minted there would stay
    // for good (it burns only what a sender just put in).
    if (receiver === this.moduleAccount || this.isBlocked(receiver))
      throw ibcErrors.ErrUnauthorized.wrap(`${p.receiver} is not allowed to receive funds`);
    const { denom, receiverIsSource } = receivedDenom(p.denom, sourcePort, sourceChannel, destPort, destChannel);
    const coin = { denom: ibcDenom(denom), amount: p.amount };
    if (receiverIsSource) {
      this.unescrowCoin(ctx, destPort, destChannel, receiver, coin);
      return;
    }
    const hash = denomHash(denom);
    if (!this.denoms.has(ctx, hash)) {
      // A voucher denom that exists without transfer ever minting it was made by someone else
      // (a currency registered under that name): minting into it would mix the two.
      if (this.bank.getSupply(ctx, coin.denom) > 0n || this.bank.getDenomMetadata(ctx, coin.denom) !== undefined) {
        throw transferErrors.ErrInvalidDenomForTransfer.wrap(`denom ${coin.denom} exists on this chain and is not an ICS-20 voucher`);
      }
      this.denoms.set(ctx, hash, denom);
    }
    if (this.bank.getDenomMetadata(ctx, coin.denom) === undefined) this.bank.setDenomMetadata(ctx, voucherMetadata(denom));
    transferEvents.denomination(ctx, denom);
    try {
      this.bank.mintCoins(ctx, TRANSFER_MODULE, [coin]);
    } catch (e) {
      prefixError(e, "failed to mint IBC tokens");
    }
    try {
      this.bank.sendCoins(ctx, this.moduleAccount, receiver, [coin]);
    } catch (e) {
      prefixError(e, `failed to send coins to receiver ${p.receiver}`);
    }
  }

  /**
   * refundPacketTokens, on an error acknowledgement or a timeout: what left the sender comes
   * back, minted again when it was a burned voucher, out of escrow otherwise.
   */
  refund(ctx: Context, sourcePort: string, sourceChannel: string, p: TransferPacket): void {
    const sender = decodeAddress(p.sender);
    if (sender === undefined) throw ibcErrors.ErrInvalidAddress.wrap(`invalid sender address ${p.sender}`);
    if (this.isBlocked(sender)) throw ibcErrors.ErrUnauthorized.wrap(`${p.sender} is not allowed to receive funds`);
    const coin = { denom: ibcDenom(p.denom), amount: p.amount };
    if (hasPrefix(p.denom, sourcePort, sourceChannel)) {
      this.bank.mintCoins(ctx, TRANSFER_MODULE, [coin]);
      this.bank.sendCoins(ctx, this.moduleAccount, sender, [coin]);
    } else {
      this.unescrowCoin(ctx, sourcePort, sourceChannel, sender, coin);
    }
  }
}

/** The receiver or sender as this chain's canonical bech32, or undefined when it is not one of our addresses. */
function decodeAddress(address: string): string | undefined {
  try {
    return accAddress.encode(accAddress.decode(address));
  } catch {
    return undefined;
  }
}

/** SetDenomMetadata: what ibc-go records in bank for a new voucher. */
function voucherMetadata(d: Denom) {
  const path = denomPath(d);
  return {
    description: `IBC token from ${path}`,
    denomUnits: [{ denom: d.base, exponent: 0, aliases: [] }],
    base: ibcDenom(d),
    display: path,
    name: `${path} IBC token`,
    symbol: d.base.toUpperCase(),
    uri: "",
    uriHash: "",
  };
}
