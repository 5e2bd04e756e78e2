import * as ctx from "../../gen/ibc/core/channel/v1/tx";
import * as tx from "../../gen/ibc/applications/transfer/v1/tx";
import { Order, State, type Packet } from "../../gen/ibc/core/channel/v1/channel";
import { moduleAddress } from "../../types/address";
import type { Context } from "../../types/context";
import type { AnyMsg } from "../../types/codec";
import { otherAccount, simMsg, type ModuleSimulation, type SimState, type SimTx } from "../../types/simulation";
import { commitPacket } from "../../types/ibc-host";
import { errorAckBytes, successAckBytes } from "./ack";
import { denomPath, ibcDenom, type Denom } from "./denom";
import { ibcErrors } from "./errors";
import { ICS20_VERSION, packetDataBytes } from "./packet";
import type { ChannelKeeper } from "./expected-keepers";
import { TRANSFER_PORT, type TransferKeeper } from "./keeper";

/** Past block time: a relayed packet's timeout, never reached within its own tx. */
const RELAYED_TIMEOUT_NS = 600n * 1_000_000_000n;
/** Past block time: an unrelayed packet's timeout, reached a few simulated blocks later. */
const PENDING_TIMEOUT_NS = 40n * 1_000_000_000n;
/** No more channels than this are opened (each open registers an escrow account for good). */
const MAX_CHANNELS = 8n;
/** Unrelayed packets remembered for their timeout (the chain stores only their commitment). */
const MAX_PENDING = 256;
/** How far back from the next send sequence the timeout operation looks for a commitment. */
const TIMEOUT_SCAN = 64n;
/**
 * Named in `involves` by every operation that sends on or opens a channel: the runner then plans
 * at most one of them per block, so the sequences and channel ids they read from committed state
 * are the ones their tx gets.
 */
const CHANNEL_LOCK = "transfer/localhost-channels";
/** A module account bank blocks: the receiver of the refused-packet operation. */
const BLOCKED_RECEIVER = moduleAddress("distribution");

const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

/** 09-localhost's sentinel connection and proof: a channel pair on this one chain. */
const LOCALHOST_CONNECTION_ID = "connection-localhost";
const SENTINEL_PROOF = Uint8Array.of(0x01);

/** An open transfer channel pair over connection-localhost: `a` the lower id, `b` its counterparty. */
interface Pair {
  a: string;
  b: string;
}

/** The first open localhost pair among the channels transfer registered (at most MAX_CHANNELS). */
function localPair(k: TransferKeeper, c: Context): Pair | undefined {
  let best: Pair | undefined;
  for (const [, portChannel] of k.escrowAccounts.iterate(c)) {
    const channelId = portChannel.slice(TRANSFER_PORT.length + 1);
    const ch = k.channels.getChannel(c, TRANSFER_PORT, channelId);
    if (ch?.state !== State.STATE_OPEN || ch.connectionHops[0] !== LOCALHOST_CONNECTION_ID) continue;
    const cp = ch.counterparty;
    if (cp?.portId !== TRANSFER_PORT || k.channels.getChannel(c, TRANSFER_PORT, cp.channelId)?.state !== State.STATE_OPEN) continue;
    const [a, b] = idNumber(channelId) < idNumber(cp.channelId) ? [channelId, cp.channelId] : [cp.channelId, channelId];
    if (best === undefined || idNumber(a) < idNumber(best.a)) best = { a, b };
  }
  return best;
}

const idNumber = (channelId: string) => BigInt(channelId.slice("channel-".length));

function packetOf(
  sequence: bigint,
  from: string,
  to: string,
  data: { denom: string; amount: string; sender: string; receiver: string },
  timeoutTimestamp: bigint,
): Packet {
  return {
    sequence,
    sourcePort: TRANSFER_PORT,
    sourceChannel: from,
    destinationPort: TRANSFER_PORT,
    destinationChannel: to,
    data: packetDataBytes({ ...data, memo: "" }),
    timeoutHeight: { revisionNumber: 0n, revisionHeight: 0n },
    timeoutTimestamp,
  };
}

const proofHeight = (s: SimState) => ({ revisionNumber: 0n, revisionHeight: s.ctx.height });

const transferMsg = (s: SimState, sender: string, channel: string, denom: string, amount: bigint, receiver: string, timeout: bigint) =>
  simMsg("/ibc.applications.transfer.v1.MsgTransfer", tx.MsgTransfer, {
    sourcePort: TRANSFER_PORT,
    sourceChannel: channel,
    token: { denom, amount: amount.toString() },
    sender,
    receiver,
    timeoutTimestamp: timeout,
    memo: "",
  });

const recvMsg = (s: SimState, packet: Packet, signer: string) =>
  simMsg("/ibc.core.channel.v1.MsgRecvPacket", ctx.MsgRecvPacket, {
    packet,
    proofCommitment: SENTINEL_PROOF,
    proofHeight: proofHeight(s),
    signer,
  });

const ackMsg = (s: SimState, packet: Packet, acknowledgement: Uint8Array, signer: string) =>
  simMsg("/ibc.core.channel.v1.MsgAcknowledgement", ctx.MsgAcknowledgement, {
    packet,
    acknowledgement,
    proofAcked: SENTINEL_PROOF,
    proofHeight: proofHeight(s),
    signer,
  });

/**
 * What the receive's `fungible_token_packet` events of the delivered tx say ("true"/"false", in
 * order); on an error acknowledgement core IBC emits it prefixed `ibccallbackerror-`.
 */
function packetOutcomes(r: { events: ReadonlyArray<{ type: string; attributes: ReadonlyArray<{ key: string; value: string }> }> }) {
  const errorPrefix = "ibccallbackerror-";
  return r.events
    .filter((e) => e.type === "fungible_token_packet" || e.type === `${errorPrefix}fungible_token_packet`)
    .map((e) => e.attributes.find((a) => a.key === "success" || a.key === `${errorPrefix}success`)?.value);
}

/**
 * Transfer operations and supply invariants. When no transfer channel pair is open over
 * connection-localhost, an operation opens one (the four handshake messages in one tx). Over the
 * pair `a` <-> `b`: uyml out over `a`, received on `b` and acknowledged in the same tx (the
 * localhost proofs read our own store, so a tx can relay its own packet); the voucher sent home
 * over `b`, unescrowed on `a`; a packet to a blocked module account, answered with an error
 * acknowledgement and refunded; a packet left unrelayed, timed out blocks later; params through
 * governance; and a transfer over a channel that does not exist (refused).
 *
 * Invariants: the escrow accounts hold at least what is tracked per denom (more only through a
 * plain send into one, which ibc-go also allows) and the module account never keeps a voucher
 * between txs (mint and burn pass straight through).
 */
export function transferSimulation(k: TransferKeeper): ModuleSimulation {
  /**
   * Unrelayed packets by commitment (the chain keeps only that), for the timeout operation. An
   * operation the runner then drops leaves an entry no commitment matches; it is pruned once its
   * timeout has passed. A restarted simulation starts empty (those packets just stay pending).
   */
  const pending = new Map<string, Packet>();

  const reads = k.channels;
  const withPair = (build: (s: SimState, p: Pair, reads: ChannelKeeper) => SimTx | undefined) => (s: SimState) => {
    const p = localPair(k, s.ctx);
    return p === undefined ? undefined : build(s, p, reads);
  };

  const nowNs = (s: SimState) => s.ctx.unixSeconds * 1_000_000_000n;

  const operations: ModuleSimulation["operations"] = [
    {
      name: "transfer/open-localhost-channels",
      weight: 2,
      build: (s) => {
        if (localPair(k, s.ctx) !== undefined) return undefined;
        const n = reads.nextChannelSequence(s.ctx);
        if (n >= MAX_CHANNELS) return undefined;
        const [init, tryId] = [`channel-${n}`, `channel-${n + 1n}`];
        const signer = s.rng.pick(s.accounts);
        const channel = (state: State, counterpartyChannelId: string, version: string) => ({
          state,
          ordering: Order.ORDER_UNORDERED,
          counterparty: { portId: TRANSFER_PORT, channelId: counterpartyChannelId },
          connectionHops: [LOCALHOST_CONNECTION_ID],
          version,
        });
        const msgs: AnyMsg[] = [
          simMsg("/ibc.core.channel.v1.MsgChannelOpenInit", ctx.MsgChannelOpenInit, {
            portId: TRANSFER_PORT,
            channel: channel(State.STATE_INIT, "", ICS20_VERSION),
            signer,
          }),
          simMsg("/ibc.core.channel.v1.MsgChannelOpenTry", ctx.MsgChannelOpenTry, {
            portId: TRANSFER_PORT,
            previousChannelId: "",
            channel: channel(State.STATE_TRYOPEN, init, ""),
            counterpartyVersion: ICS20_VERSION,
            proofInit: SENTINEL_PROOF,
            proofHeight: proofHeight(s),
            signer,
          }),
          simMsg("/ibc.core.channel.v1.MsgChannelOpenAck", ctx.MsgChannelOpenAck, {
            portId: TRANSFER_PORT,
            channelId: init,
            counterpartyChannelId: tryId,
            counterpartyVersion: ICS20_VERSION,
            proofTry: SENTINEL_PROOF,
            proofHeight: proofHeight(s),
            signer,
          }),
          simMsg("/ibc.core.channel.v1.MsgChannelOpenConfirm", ctx.MsgChannelOpenConfirm, {
            portId: TRANSFER_PORT,
            channelId: tryId,
            proofAck: SENTINEL_PROOF,
            proofHeight: proofHeight(s),
            signer,
          }),
        ];
        return { signer, involves: [CHANNEL_LOCK], msgs, expect: "ok" };
      },
    },
    {
      // Out over a, received on b, acknowledged on a: escrowed, voucher minted, commitment deleted.
      name: "transfer/relay-out",
      weight: 4,
      build: withPair((s, { a, b }, reads) => {
        const sender = s.rng.pick(s.accounts);
        const balance = k.bank.getBalance(s.ctx, sender, s.bondDenom);
        if (balance <= s.txFee * 2n) return undefined;
        const amount = 1n + s.rng.bigint((balance - s.txFee * 2n) / 100n + 1n);
        const receiver = otherAccount(s, sender);
        const sequence = reads.nextSequenceSend(s.ctx, TRANSFER_PORT, a);
        if (sequence === undefined) return undefined;
        const timeout = nowNs(s) + RELAYED_TIMEOUT_NS;
        const data = { denom: s.bondDenom, amount: amount.toString(), sender, receiver };
        const packet = packetOf(sequence, a, b, data, timeout);
        return {
          signer: sender,
          involves: [CHANNEL_LOCK],
          msgs: [
            transferMsg(s, sender, a, s.bondDenom, amount, receiver, timeout),
            recvMsg(s, packet, sender),
            ackMsg(s, packet, successAckBytes(), sender),
          ],
          expect: "ok",
          checkResult: (r) => (packetOutcomes(r)[0] === "true" ? undefined : `packet not received: ${packetOutcomes(r).join(",")}`),
        };
      }),
    },
    {
      // A holder of the voucher sends it home over b (burned), received on a (unescrowed), acknowledged.
      name: "transfer/voucher-home",
      weight: 3,
      build: withPair((s, { a, b }, reads) => {
        const voucher: Denom = { base: s.bondDenom, trace: [{ portId: TRANSFER_PORT, channelId: b }] };
        const denom = ibcDenom(voucher);
        const holder = s.rng.pick(s.accounts);
        const held = k.bank.getBalance(s.ctx, holder, denom);
        if (held === 0n || k.bank.getBalance(s.ctx, holder, s.bondDenom) <= s.txFee) return undefined;
        const amount = 1n + s.rng.bigint(held);
        const receiver = otherAccount(s, holder);
        const sequence = reads.nextSequenceSend(s.ctx, TRANSFER_PORT, b);
        if (sequence === undefined) return undefined;
        const timeout = nowNs(s) + RELAYED_TIMEOUT_NS;
        const packet = packetOf(
          sequence,
          b,
          a,
          { denom: denomPath(voucher), amount: amount.toString(), sender: holder, receiver },
          timeout,
        );
        return {
          signer: holder,
          involves: [CHANNEL_LOCK],
          msgs: [
            transferMsg(s, holder, b, denom, amount, receiver, timeout),
            recvMsg(s, packet, holder),
            ackMsg(s, packet, successAckBytes(), holder),
          ],
          expect: "ok",
          checkResult: (r) => (packetOutcomes(r)[0] === "true" ? undefined : "voucher not paid out of escrow"),
        };
      }),
    },
    {
      // To a blocked module account: error acknowledgement, the sender refunded out of escrow.
      name: "transfer/refused-receiver",
      weight: 1,
      build: withPair((s, { a, b }, reads) => {
        const sender = s.rng.pick(s.accounts);
        if (k.bank.getBalance(s.ctx, sender, s.bondDenom) <= s.txFee * 2n) return undefined;
        const sequence = reads.nextSequenceSend(s.ctx, TRANSFER_PORT, a);
        if (sequence === undefined) return undefined;
        const timeout = nowNs(s) + RELAYED_TIMEOUT_NS;
        const data = { denom: s.bondDenom, amount: "1000", sender, receiver: BLOCKED_RECEIVER };
        const packet = packetOf(sequence, a, b, data, timeout);
        return {
          signer: sender,
          involves: [CHANNEL_LOCK],
          msgs: [
            transferMsg(s, sender, a, s.bondDenom, 1000n, BLOCKED_RECEIVER, timeout),
            recvMsg(s, packet, sender),
            ackMsg(s, packet, errorAckBytes(ibcErrors.ErrUnauthorized.wrap()), sender),
          ],
          expect: "ok",
          checkResult: (r) => (packetOutcomes(r).includes("false") ? undefined : "a packet to a blocked address was not refused"),
        };
      }),
    },
    {
      // Left unrelayed; transfer/timeout refunds it once its timeout has passed.
      name: "transfer/transfer",
      weight: 3,
      build: withPair((s, { a, b }) => {
        const sender = s.rng.pick(s.accounts);
        const balance = k.bank.getBalance(s.ctx, sender, s.bondDenom);
        if (balance <= s.txFee * 2n) return undefined;
        const amount = 1n + s.rng.bigint((balance - s.txFee * 2n) / 100n + 1n);
        const receiver = otherAccount(s, sender);
        const timeout = nowNs(s) + PENDING_TIMEOUT_NS;
        if (pending.size < MAX_PENDING) {
          const packet = packetOf(0n, a, b, { denom: s.bondDenom, amount: amount.toString(), sender, receiver }, timeout);
          pending.set(hex(commitPacket(packet)), packet);
        }
        return {
          signer: sender,
          involves: [CHANNEL_LOCK],
          msgs: [transferMsg(s, sender, a, s.bondDenom, amount, receiver, timeout)],
          expect: "ok",
        };
      }),
    },
    {
      name: "transfer/timeout",
      weight: 2,
      build: withPair((s, { a }, reads) => {
        const now = nowNs(s);
        const next = reads.nextSequenceSend(s.ctx, TRANSFER_PORT, a);
        if (next === undefined || pending.size === 0) return undefined;
        for (let seq = next - 1n; seq >= 1n && seq >= next - TIMEOUT_SCAN; seq--) {
          const c = reads.packetCommitment(s.ctx, TRANSFER_PORT, a, seq);
          const p = c && pending.get(hex(c));
          if (!p || p.timeoutTimestamp >= now) continue;
          pending.delete(hex(c));
          const signer = s.rng.pick(s.accounts);
          const msg = simMsg("/ibc.core.channel.v1.MsgTimeout", ctx.MsgTimeout, {
            packet: { ...p, sequence: seq },
            proofUnreceived: SENTINEL_PROOF,
            proofHeight: proofHeight(s),
            nextSequenceRecv: 1n,
            signer,
          });
          return { signer, involves: [CHANNEL_LOCK], msgs: [msg], expect: "ok" };
        }
        // Entries no commitment matched (dropped or already timed out) go once well past their timeout.
        for (const [key, p] of pending) if (p.timeoutTimestamp + 3600n * 1_000_000_000n < now) pending.delete(key);
        return undefined;
      }),
    },
    {
      // Through governance; both directions stay open so the transfers above keep their meaning.
      name: "transfer/update-params",
      weight: 1,
      build: (s) => {
        if (!s.rng.oneIn(4)) return undefined;
        const msg = simMsg("/ibc.applications.transfer.v1.MsgUpdateParams", tx.MsgUpdateParams, {
          signer: s.govAuthority,
          params: { sendEnabled: true, receiveEnabled: true },
        });
        return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "ok" };
      },
    },
    {
      name: "transfer/unknown-channel",
      weight: 1,
      build: (s) => {
        const sender = s.rng.pick(s.accounts);
        const msg = transferMsg(s, sender, "channel-999999", s.bondDenom, 1n, otherAccount(s, sender), nowNs(s) + RELAYED_TIMEOUT_NS);
        return { signer: sender, msgs: [msg], expect: "fail" };
      },
    },
  ];

  return {
    operations,
    invariants: [
      {
        name: "transfer/escrow-covers-total",
        check: (c) => {
          const channels = [...k.escrowAccounts.iterate(c)].map(([address]) => address);
          for (const [denom, tracked] of k.totalEscrow.iterate(c)) {
            if (tracked <= 0n) return `total escrow of ${denom} is ${tracked}`;
            let held = 0n;
            for (const a of channels) held += k.bank.getBalance(c, a, denom);
            if (held < tracked) return `escrow accounts hold ${held}${denom}, less than the ${tracked} tracked`;
          }
          return undefined;
        },
      },
      {
        name: "transfer/no-voucher-in-module",
        check: (c) => {
          for (const [, d] of k.denoms.iterate(c)) {
            const kept = k.bank.getBalance(c, k.moduleAccount, ibcDenom(d));
            if (kept !== 0n) return `module account keeps ${kept}${ibcDenom(d)}`;
          }
          return undefined;
        },
      },
    ],
  };
}
