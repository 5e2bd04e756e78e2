/**
 * Shared by the channel and packet tests: one TestChain whose IBC core has a mock application
 * bound on two ports, channels opened between them over the sentinel `connection-localhost`
 * (proofs are the 09-localhost sentinel byte), and a harness module that runs code in a block's
 * context so the test can send packets as an application would.
 */
import { TxMsgData } from "cosmjs-types/cosmos/base/abci/v1beta1/abci";
import { Order, State, type Counterparty, type Packet } from "../../../src/gen/ibc/core/channel/v1/channel";
import type { Height } from "../../../src/gen/ibc/core/client/v1/client";
import * as tx from "../../../src/gen/ibc/core/channel/v1/tx";
import { channelErrors } from "../../../src/modules/ibc/errors";
import type { IbcKeeper } from "../../../src/modules/ibc/keeper";
import { SENTINEL_PROOF, LOCALHOST_CONNECTION_ID } from "../../../src/modules/ibc/light-clients/localhost";
import type { IbcApp, RecvResult } from "../../../src/modules/ibc/ports";
import { ibcStore } from "../../../src/modules/ibc/store";
import type { AnyMsg } from "../../../src/types/codec";
import type { Context } from "../../../src/types/context";
import type { Module } from "../../../src/types/module";
import { pack, TestChain, testKey, type DeliverResult } from "../../helpers/chain";

export const relayer = testKey("alice");
export const GAS = { gasLimit: 3_000_000n, fee: [{ denom: "uyml", amount: "30000" }] };
export const PORT_A = "mocka";
export const PORT_B = "mockb";
export const MOCK_VERSION = "mock-1";
export const PROOF = SENTINEL_PROOF;
export const SUCCESS_ACK = new TextEncoder().encode('{"result":"AQ=="}');
export const ERROR_ACK = new TextEncoder().encode('{"error":"ABCI code: 1: error handling packet: see events for details"}');

/** A test application: records its callbacks, answers receives as told, writes a marker on receive. */
export class MockApp implements IbcApp {
  readonly calls: string[] = [];
  /** The next receives' answer. */
  recv: RecvResult = { ack: SUCCESS_ACK, success: true };
  /** When set, callbacks of this name throw. */
  refuse = "";

  private note(name: string, detail: string): void {
    this.calls.push(`${name} ${detail}`);
    if (this.refuse === name) throw channelErrors.ErrInvalidChannelVersion.wrap(`mock refuses ${name}`);
  }

  onChanOpenInit(_ctx: Context, _o: Order, _h: readonly string[], port: string, channel: string, _cp: Counterparty, version: string) {
    this.note("onChanOpenInit", `${port}/${channel}`);
    return version === "" ? MOCK_VERSION : version;
  }
  onChanOpenTry(_ctx: Context, _o: Order, _h: readonly string[], port: string, channel: string, _cp: Counterparty, cpVersion: string) {
    this.note("onChanOpenTry", `${port}/${channel}`);
    return cpVersion;
  }
  onChanOpenAck(_ctx: Context, port: string, channel: string) {
    this.note("onChanOpenAck", `${port}/${channel}`);
  }
  onChanOpenConfirm(_ctx: Context, port: string, channel: string) {
    this.note("onChanOpenConfirm", `${port}/${channel}`);
  }
  onChanCloseInit(_ctx: Context, port: string, channel: string) {
    this.note("onChanCloseInit", `${port}/${channel}`);
  }
  onChanCloseConfirm(_ctx: Context, port: string, channel: string) {
    this.note("onChanCloseConfirm", `${port}/${channel}`);
  }
  /** Writes `mock/recv/{seq}` and emits an event, so a dropped branch shows. */
  onRecvPacket(ctx: Context, _version: string, packet: Packet): RecvResult {
    this.note("onRecvPacket", `${packet.destinationPort}/${packet.destinationChannel}/${packet.sequence}`);
    ibcStore.set(ctx, `mock/recv/${packet.destinationChannel}/${packet.sequence}`, Uint8Array.of(1));
    ctx.events.emit("mock_recv", { sequence: packet.sequence.toString() });
    return this.recv;
  }
  onAcknowledgementPacket(_ctx: Context, _version: string, packet: Packet, ack: Uint8Array) {
    this.note("onAcknowledgementPacket", `${packet.sourceChannel}/${packet.sequence} ${Buffer.from(ack).toString()}`);
  }
  onTimeoutPacket(_ctx: Context, _version: string, packet: Packet) {
    this.note("onTimeoutPacket", `${packet.sourceChannel}/${packet.sequence}`);
  }
}

/** Runs queued functions in the next block's begin-block context (as an application sending packets would). */
function createBlockRunner(): Module & { run<T>(fn: (ctx: Context) => T): Promise<T> } {
  const queue: Array<{ fn: (ctx: Context) => unknown; resolve: (v: unknown) => void; reject: (e: unknown) => void }> = [];
  return {
    name: "ibctestrunner",
    run<T>(fn: (ctx: Context) => T): Promise<T> {
      return new Promise<T>((resolve, reject) => queue.push({ fn, resolve: resolve as (v: unknown) => void, reject }));
    },
    beginBlock(ctx: Context) {
      for (const item of queue.splice(0)) {
        try {
          item.resolve(ctx.atomic(item.fn));
        } catch (e) {
          item.reject(e);
        }
      }
    },
  };
}

export interface Harness {
  chain: TestChain;
  keeper: IbcKeeper;
  app: MockApp;
  /** Runs fn in the next block (the block is produced). */
  inBlock<T>(fn: (ctx: Context) => T): Promise<T>;
  deliver(msgs: AnyMsg[]): Promise<DeliverResult>;
  selfHeight(): Height;
}

export async function createHarness(): Promise<Harness> {
  const runner = createBlockRunner();
  const chain = await TestChain.create({ build: { extraModules: [runner] } });
  const ibc = chain.app.modules.modules.find((m) => m.name === "ibc") as unknown as { keeper: IbcKeeper };
  const app = new MockApp();
  ibc.keeper.ports.bind(PORT_A, app);
  ibc.keeper.ports.bind(PORT_B, app);
  return {
    chain,
    keeper: ibc.keeper,
    app,
    async inBlock<T>(fn: (ctx: Context) => T): Promise<T> {
      const p = runner.run(fn);
      // The block settles p before anyone awaits it: mark a rejection as handled here.
      p.catch(() => undefined);
      await chain.produceBlocks(1);
      return p;
    },
    deliver: (msgs) => chain.deliver(relayer, msgs, GAS),
    // The next block's height: the one a delivered tx executes in (revision 0: the test chain id has none).
    selfHeight: () => ({ revisionNumber: 0n, revisionHeight: chain.height + 1n }),
  };
}

/** The first message response of a delivered tx, decoded. */
export function response<R>(res: DeliverResult, codec: { decode(b: Uint8Array): R }, index = 0): R {
  return codec.decode(TxMsgData.decode(res.data).msgResponses[index]!.value);
}

const height = (h: bigint): Height => ({ revisionNumber: 0n, revisionHeight: h });

export const msgs = {
  openInit: (portId: string, counterpartyPort: string, ordering: Order, version = "", connection = LOCALHOST_CONNECTION_ID) =>
    pack("/ibc.core.channel.v1.MsgChannelOpenInit", tx.MsgChannelOpenInit, {
      portId,
      channel: {
        state: State.STATE_INIT,
        ordering,
        counterparty: { portId: counterpartyPort, channelId: "" },
        connectionHops: [connection],
        version,
      },
      signer: relayer.address,
    }),
  openTry: (portId: string, cp: Counterparty, ordering: Order, cpVersion: string, proofHeight: bigint) =>
    pack("/ibc.core.channel.v1.MsgChannelOpenTry", tx.MsgChannelOpenTry, {
      portId,
      previousChannelId: "",
      channel: { state: State.STATE_TRYOPEN, ordering, counterparty: cp, connectionHops: [LOCALHOST_CONNECTION_ID], version: "" },
      counterpartyVersion: cpVersion,
      proofInit: PROOF,
      proofHeight: height(proofHeight),
      signer: relayer.address,
    }),
  openAck: (portId: string, channelId: string, cpChannel: string, cpVersion: string, proofHeight: bigint) =>
    pack("/ibc.core.channel.v1.MsgChannelOpenAck", tx.MsgChannelOpenAck, {
      portId,
      channelId,
      counterpartyChannelId: cpChannel,
      counterpartyVersion: cpVersion,
      proofTry: PROOF,
      proofHeight: height(proofHeight),
      signer: relayer.address,
    }),
  openConfirm: (portId: string, channelId: string, proofHeight: bigint) =>
    pack("/ibc.core.channel.v1.MsgChannelOpenConfirm", tx.MsgChannelOpenConfirm, {
      portId,
      channelId,
      proofAck: PROOF,
      proofHeight: height(proofHeight),
      signer: relayer.address,
    }),
  closeInit: (portId: string, channelId: string) =>
    pack("/ibc.core.channel.v1.MsgChannelCloseInit", tx.MsgChannelCloseInit, { portId, channelId, signer: relayer.address }),
  closeConfirm: (portId: string, channelId: string, proofHeight: bigint) =>
    pack("/ibc.core.channel.v1.MsgChannelCloseConfirm", tx.MsgChannelCloseConfirm, {
      portId,
      channelId,
      proofInit: PROOF,
      proofHeight: height(proofHeight),
      signer: relayer.address,
    }),
  recv: (packet: Packet, proofHeight: bigint, proof = PROOF) =>
    pack("/ibc.core.channel.v1.MsgRecvPacket", tx.MsgRecvPacket, {
      packet,
      proofCommitment: proof,
      proofHeight: height(proofHeight),
      signer: relayer.address,
    }),
  ack: (packet: Packet, ack: Uint8Array, proofHeight: bigint) =>
    pack("/ibc.core.channel.v1.MsgAcknowledgement", tx.MsgAcknowledgement, {
      packet,
      acknowledgement: ack,
      proofAcked: PROOF,
      proofHeight: height(proofHeight),
      signer: relayer.address,
    }),
  timeout: (packet: Packet, nextSequenceRecv: bigint, proofHeight: bigint) =>
    pack("/ibc.core.channel.v1.MsgTimeout", tx.MsgTimeout, {
      packet,
      proofUnreceived: PROOF,
      proofHeight: height(proofHeight),
      nextSequenceRecv,
      signer: relayer.address,
    }),
  timeoutOnClose: (packet: Packet, nextSequenceRecv: bigint, proofHeight: bigint) =>
    pack("/ibc.core.channel.v1.MsgTimeoutOnClose", tx.MsgTimeoutOnClose, {
      packet,
      proofUnreceived: PROOF,
      proofClose: PROOF,
      proofHeight: height(proofHeight),
      nextSequenceRecv,
      signer: relayer.address,
    }),
};

/** Opens a channel pair A (init side) <-> B (try side) through the four handshake txs; their ids. */
export async function openChannelPair(h: Harness, ordering: Order): Promise<{ a: string; b: string }> {
  const init = await h.deliver([msgs.openInit(PORT_A, PORT_B, ordering)]);
  if (init.code !== 0) throw new Error(init.log);
  const a = response(init, tx.MsgChannelOpenInitResponse).channelId;
  const tryRes = await h.deliver([msgs.openTry(PORT_B, { portId: PORT_A, channelId: a }, ordering, MOCK_VERSION, h.chain.height)]);
  if (tryRes.code !== 0) throw new Error(tryRes.log);
  const b = response(tryRes, tx.MsgChannelOpenTryResponse).channelId;
  const ack = await h.deliver([msgs.openAck(PORT_A, a, b, MOCK_VERSION, h.chain.height)]);
  if (ack.code !== 0) throw new Error(ack.log);
  const confirm = await h.deliver([msgs.openConfirm(PORT_B, b, h.chain.height)]);
  if (confirm.code !== 0) throw new Error(confirm.log);
  return { a, b };
}
