/**
 * A transfer channel pair on one chain over the localhost connection: channel-0 (port transfer)
 * <-> channel-1 (port transfer), opened through signed txs; helpers to send, relay, acknowledge
 * and time out packets between them with the localhost sentinel proof.
 */
import { Order, State, type Packet } from "../../../src/gen/ibc/core/channel/v1/channel";
import * as ctx from "../../../src/gen/ibc/core/channel/v1/tx";
import * as ttx from "../../../src/gen/ibc/applications/transfer/v1/tx";
import { packetDataBytes } from "../../../src/modules/transfer/packet";
import { pack, type DeliverResult, type TestChain } from "../../helpers/chain";
import type { Secp256k1Key } from "../../../src/client/signer";

export const SENTINEL = Uint8Array.of(0x01);
export const PORT = "transfer";
export const GAS = { gasLimit: 2_000_000n, fee: [{ denom: "uyml", amount: "20000" }] };
const CONN = "connection-localhost";

export const proofHeight = (chain: TestChain) => ({ revisionNumber: 0n, revisionHeight: chain.height });

async function ok(chain: TestChain, key: Secp256k1Key, msg: ReturnType<typeof pack>): Promise<DeliverResult> {
  const res = await chain.deliver(key, [msg], GAS);
  if (res.code !== 0) throw new Error(`${msg.typeUrl} failed: ${res.codespace} ${res.code} ${res.log}`);
  return res;
}

/** Opens channel-0 <-> channel-1 on port transfer over connection-localhost. */
export async function openTransferChannels(chain: TestChain, relayer: Secp256k1Key): Promise<void> {
  const channel = (state: State, counterpartyChannelId: string, version: string) => ({
    state,
    ordering: Order.ORDER_UNORDERED,
    counterparty: { portId: PORT, channelId: counterpartyChannelId },
    connectionHops: [CONN],
    version,
  });
  await ok(
    chain,
    relayer,
    pack("/ibc.core.channel.v1.MsgChannelOpenInit", ctx.MsgChannelOpenInit, {
      portId: PORT,
      channel: channel(State.STATE_INIT, "", "ics20-1"),
      signer: relayer.address,
    }),
  );
  await ok(
    chain,
    relayer,
    pack("/ibc.core.channel.v1.MsgChannelOpenTry", ctx.MsgChannelOpenTry, {
      portId: PORT,
      previousChannelId: "",
      channel: channel(State.STATE_TRYOPEN, "channel-0", ""),
      counterpartyVersion: "ics20-1",
      proofInit: SENTINEL,
      proofHeight: proofHeight(chain),
      signer: relayer.address,
    }),
  );
  await ok(
    chain,
    relayer,
    pack("/ibc.core.channel.v1.MsgChannelOpenAck", ctx.MsgChannelOpenAck, {
      portId: PORT,
      channelId: "channel-0",
      counterpartyChannelId: "channel-1",
      counterpartyVersion: "ics20-1",
      proofTry: SENTINEL,
      proofHeight: proofHeight(chain),
      signer: relayer.address,
    }),
  );
  await ok(
    chain,
    relayer,
    pack("/ibc.core.channel.v1.MsgChannelOpenConfirm", ctx.MsgChannelOpenConfirm, {
      portId: PORT,
      channelId: "channel-1",
      proofAck: SENTINEL,
      proofHeight: proofHeight(chain),
      signer: relayer.address,
    }),
  );
}

export interface SendArgs {
  channel: string;
  denom: string;
  amount: bigint;
  receiver: string;
  memo?: string;
  /** Nanoseconds; default: an hour after 2026-01-01. */
  timeoutTimestamp?: bigint;
}

export const FAR_TIMEOUT = 1_900_000_000n * 1_000_000_000n;

export function transferMsg(sender: string, a: SendArgs) {
  return pack("/ibc.applications.transfer.v1.MsgTransfer", ttx.MsgTransfer, {
    sourcePort: PORT,
    sourceChannel: a.channel,
    token: { denom: a.denom, amount: a.amount.toString() },
    sender,
    receiver: a.receiver,
    timeoutHeight: undefined,
    timeoutTimestamp: a.timeoutTimestamp ?? FAR_TIMEOUT,
    memo: a.memo ?? "",
    encoding: "",
  });
}

/** The packet a MsgTransfer over `channel` (0 or 1) with this data sent, as the relayer rebuilds it. */
export function packetOf(
  sequence: bigint,
  channel: string,
  data: { denom: string; amount: string; sender: string; receiver: string; memo?: string },
  timeoutTimestamp = FAR_TIMEOUT,
): Packet {
  const dest = channel === "channel-0" ? "channel-1" : "channel-0";
  return {
    sequence,
    sourcePort: PORT,
    sourceChannel: channel,
    destinationPort: PORT,
    destinationChannel: dest,
    data: packetDataBytes({ memo: "", ...data }),
    timeoutHeight: { revisionNumber: 0n, revisionHeight: 0n },
    timeoutTimestamp,
  };
}

export const recvMsg = (chain: TestChain, packet: Packet, signer: string) =>
  pack("/ibc.core.channel.v1.MsgRecvPacket", ctx.MsgRecvPacket, {
    packet,
    proofCommitment: SENTINEL,
    proofHeight: proofHeight(chain),
    signer,
  });

export const ackMsg = (chain: TestChain, packet: Packet, acknowledgement: Uint8Array, signer: string) =>
  pack("/ibc.core.channel.v1.MsgAcknowledgement", ctx.MsgAcknowledgement, {
    packet,
    acknowledgement,
    proofAcked: SENTINEL,
    proofHeight: proofHeight(chain),
    signer,
  });

export const timeoutMsg = (chain: TestChain, packet: Packet, nextSequenceRecv: bigint, signer: string) =>
  pack("/ibc.core.channel.v1.MsgTimeout", ctx.MsgTimeout, {
    packet,
    proofUnreceived: SENTINEL,
    proofHeight: proofHeight(chain),
    nextSequenceRecv,
    signer,
  });
