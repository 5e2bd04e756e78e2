import type { Metadata } from "cosmjs-types/cosmos/bank/v1beta1/bank";
import type { Channel } from "../../gen/ibc/core/channel/v1/channel";
import type { Height } from "../../gen/ibc/core/client/v1/client";
import type { Coin } from "../../types/coins";
import type { Context } from "../../types/context";

// The narrow interfaces transfer needs from others; src/app/modules.ts passes their keepers.

/** Every movement goes through bank, so its send restrictions (freeze, halted shares) apply. */
export interface BankKeeper {
  sendCoins(ctx: Context, from: string, to: string, coins: readonly Coin[]): void;
  sendCoinsFromAccountToModule(ctx: Context, from: string, module: string, coins: readonly Coin[]): void;
  mintCoins(ctx: Context, module: string, coins: readonly Coin[]): void;
  burnCoins(ctx: Context, module: string, coins: readonly Coin[]): void;
  getBalance(ctx: Context, address: string, denom: string): bigint;
  getSupply(ctx: Context, denom: string): bigint;
  isBlocked(address: string): boolean;
  isSendEnabled(ctx: Context, denom: string): boolean;
  getDenomMetadata(ctx: Context, denom: string): Metadata | undefined;
  setDenomMetadata(ctx: Context, metadata: Metadata): void;
}

/** IBC core's ICS-04 channel keeper (`IbcKeeper.channels`), as far as transfer calls it. */
export interface ChannelKeeper {
  getChannel(ctx: Context, portId: string, channelId: string): Channel | undefined;
  /** Every channel end, read at genesis to know the transfer port's escrow accounts. */
  channels(ctx: Context): Iterable<{ portId: string; channelId: string }>;
  /** Commits the packet and returns its sequence. */
  sendPacket(
    ctx: Context,
    sourcePort: string,
    sourceChannel: string,
    timeoutHeight: Height | undefined,
    timeoutTimestamp: bigint,
    data: Uint8Array,
  ): bigint;
  /** Reads the simulation drives its localhost relaying with. */
  nextChannelSequence(ctx: Context): bigint;
  nextSequenceSend(ctx: Context, portId: string, channelId: string): bigint | undefined;
  packetCommitment(ctx: Context, portId: string, channelId: string, sequence: bigint): Uint8Array | undefined;
}

export type { IbcApp, RecvResult } from "../../types/ibc-app";
