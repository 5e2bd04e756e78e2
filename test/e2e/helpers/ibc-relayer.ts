import { createRequire } from "node:module";
import { createHash } from "node:crypto";
import { Endpoint, type AckWithMetadata, type PacketWithMetadata, type QueryOpts } from "@confio/relayer/build/lib/endpoint";
import { IbcClient } from "@confio/relayer/build/lib/ibcclient";
import { Link, type Side } from "@confio/relayer/build/lib/link";
import type { Logger } from "@confio/relayer/build/lib/logger";

/**
 * @confio/relayer 0.12 (a TypeScript IBC relayer on cosmjs 0.32) driven through its library API.
 * Its package index also loads test helpers that need `sinon`, which it does not depend on, so
 * the modules are imported one by one; its own cosmjs (0.32) builds the signers and gas price.
 *
 * Two shims make it relay for ibc-go v10 (IbcGoV10Link):
 * - ibc-go v10 emits packet bytes and acknowledgements only hex-encoded (`packet_data_hex`,
 *   `packet_ack_hex`); the relayer reads the plain `packet_data` / `packet_ack` attributes, so it
 *   would relay empty packets. HexEventEndpoint reads the hex ones.
 * - ibc-go v10 answers NextSequenceReceive with 0 on an unordered channel (which keeps no such
 *   counter), and MsgTimeout refuses a 0 next_sequence_recv; the relayer passes the 0 through.
 *   IbcGoV10Link's timeout sends the packet's own sequence on unordered channels.
 */

type ConnectArgs = Parameters<typeof IbcClient.connectWithSigner>;
type RelayerSigner = ConnectArgs[1];
type RelayerOptions = ConnectArgs[3];
type Packet = PacketWithMetadata["packet"];

/** ibc.core.channel.v1.Order.ORDER_ORDERED. */
const ORDER_ORDERED = 2;

const relayerRequire = createRequire(createRequire(import.meta.url).resolve("@confio/relayer/build/lib/ibcclient"));
const cosmjsProtoSigning = relayerRequire("@cosmjs/proto-signing") as {
  DirectSecp256k1HdWallet: {
    fromMnemonic(m: string, o: { prefix: string }): Promise<RelayerSigner & { getAccounts(): Promise<{ address: string }[]> }>;
  };
};
const cosmjsStargate = relayerRequire("@cosmjs/stargate") as { GasPrice: { fromString(s: string): RelayerOptions["gasPrice"] } };

export interface RelayerEndpoint {
  rpcUrl: string;
  prefix: string;
  gasPrice: string;
  /** ms; the relayer polls this often while it waits for a block. */
  blockTimeMs: number;
}

/** An IbcClient signing with `mnemonic`'s first account. */
export async function relayerClient(e: RelayerEndpoint, mnemonic: string, logger?: Logger): Promise<IbcClient> {
  const signer = await cosmjsProtoSigning.DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: e.prefix });
  const [{ address }] = await signer.getAccounts();
  return IbcClient.connectWithSigner(e.rpcUrl, signer, address, {
    gasPrice: cosmjsStargate.GasPrice.fromString(e.gasPrice),
    estimatedBlockTime: e.blockTimeMs,
    estimatedIndexerTime: Math.max(100, Math.floor(e.blockTimeMs / 2)),
    // cosmjs polls for a broadcast tx's inclusion every 3 s by default: a block's time is enough.
    broadcastPollIntervalMs: e.blockTimeMs,
    logger,
  });
}

/** Event attributes as cosmjs 0.32's comet38 adaptor hands them over (strings; bytes on older adaptors). */
interface RawEvent {
  type: string;
  attributes: readonly { key: string | Uint8Array; value: string | Uint8Array }[];
}

const text = (v: string | Uint8Array) => (typeof v === "string" ? v : Buffer.from(v).toString("utf8"));

function attributesOf(e: RawEvent): Map<string, string> {
  return new Map(e.attributes.map((a) => [text(a.key), text(a.value)]));
}

function heightAttribute(v: string | undefined): Packet["timeoutHeight"] {
  const [revisionNumber, revisionHeight] = (v ?? "0-0").split("-").map((s) => BigInt(s));
  return { revisionNumber, revisionHeight };
}

/** The packet of a `send_packet` or `write_acknowledgement` event, its bytes from `packet_data_hex`. */
export function packetFromEvent(a: Map<string, string>): Packet {
  return {
    sequence: BigInt(a.get("packet_sequence") ?? "0"),
    sourcePort: a.get("packet_src_port") ?? "",
    sourceChannel: a.get("packet_src_channel") ?? "",
    destinationPort: a.get("packet_dst_port") ?? "",
    destinationChannel: a.get("packet_dst_channel") ?? "",
    data: Buffer.from(a.get("packet_data_hex") ?? "", "hex"),
    timeoutHeight: heightAttribute(a.get("packet_timeout_height")),
    timeoutTimestamp: BigInt(a.get("packet_timeout_timestamp") ?? "0"),
  };
}

function heightFilter(field: "tx.height", o: QueryOpts): string {
  return `${o.minHeight ? ` AND ${field}>=${o.minHeight}` : ""}${o.maxHeight ? ` AND ${field}<=${o.maxHeight}` : ""}`;
}

/**
 * The relayer's Endpoint reading ibc-go v10's hex packet attributes. Packets sent from
 * FinalizeBlock events (not transactions) are not searched: ICS-20 sends only from txs.
 */
export class HexEventEndpoint extends Endpoint {
  override async querySentPackets(o: QueryOpts = {}): Promise<PacketWithMetadata[]> {
    const query = `send_packet.packet_connection='${this.connectionID}'${heightFilter("tx.height", o)}`;
    const search = await this.client.tm.txSearchAll({ query });
    return search.txs.flatMap(({ height, result }) =>
      (result.events as readonly RawEvent[])
        .filter((e) => e.type === "send_packet")
        .map((e) => ({ packet: packetFromEvent(attributesOf(e)), height })),
    );
  }

  override async queryWrittenAcks(o: QueryOpts = {}): Promise<AckWithMetadata[]> {
    const query = `write_acknowledgement.packet_connection='${this.connectionID}'${heightFilter("tx.height", o)}`;
    const search = await this.client.tm.txSearchAll({ query });
    return search.txs.flatMap(({ height, result, hash }) => {
      const events = result.events as readonly RawEvent[];
      const txEvents = events.map((e) => ({ type: e.type, attributes: [...attributesOf(e)].map(([key, value]) => ({ key, value })) }));
      return events
        .filter((e) => e.type === "write_acknowledgement")
        .map((e) => {
          const a = attributesOf(e);
          return {
            height,
            txHash: Buffer.from(hash).toString("hex").toUpperCase(),
            txEvents,
            originalPacket: packetFromEvent(a),
            acknowledgement: Buffer.from(a.get("packet_ack_hex") ?? "", "hex"),
          };
        });
    });
  }
}

/** @confio/relayer's Link with the ibc-go v10 shims: hex packet events, unordered timeouts. */
export class IbcGoV10Link extends Link {
  /** The same link, both ends reading hex packet attributes. */
  static adapt(link: Link, logger?: Logger): IbcGoV10Link {
    const end = (e: Endpoint) => new HexEventEndpoint(e.client, e.clientID, e.connectionID);
    return new IbcGoV10Link(end(link.endA), end(link.endB), logger);
  }

  override async timeoutPackets(source: Side, packets: readonly PacketWithMetadata[]): Promise<number | null> {
    if (packets.length === 0) return null;
    const [src, dest] = source === "A" ? [this.endA, this.endB] : [this.endB, this.endA];
    // The proof must come from a header past the timeout, not from the packet's height.
    await dest.client.waitOneBlock();
    const headerHeight = await this.updateClient(source === "A" ? "B" : "A");
    const raw = packets.map((p) => p.packet);
    const proofs = await Promise.all(
      raw.map((p) => dest.client.getTimeoutProof({ originalPacket: p, acknowledgement: new Uint8Array() }, headerHeight)),
    );
    const sequences = await Promise.all(raw.map((p) => nextSequenceRecv(dest.client, p)));
    const { height } = await src.client.timeoutPackets(raw, proofs, sequences, headerHeight);
    return height;
  }
}

/** The counterparty's next receive sequence on an ordered channel; an unordered one keeps none, so the packet's own. */
async function nextSequenceRecv(dest: IbcClient, p: Packet): Promise<bigint> {
  const { channel } = await dest.query.ibc.channel.channel(p.destinationPort, p.destinationChannel);
  if (channel?.ordering !== ORDER_ORDERED) return p.sequence;
  return (await dest.query.ibc.channel.nextSequenceReceive(p.destinationPort, p.destinationChannel)).nextSequenceReceive;
}

/** The ICS-20 voucher denom of `baseDenom` received over `port`/`channel`: ibc/<SHA-256 of the trace>. */
export function ibcDenom(port: string, channel: string, baseDenom: string): string {
  return `ibc/${createHash("sha256").update(`${port}/${channel}/${baseDenom}`).digest("hex").toUpperCase()}`;
}

/** Logs the relayer's info-level and worse lines to stderr (for debugging a run: E2E_RELAYER_LOG=1). */
export function consoleLogger(): Logger | undefined {
  if (!process.env.E2E_RELAYER_LOG) return undefined;
  const log =
    (level: string) =>
    (message: string, meta?: Record<string, unknown>): Logger => {
      console.error(
        `[relayer ${level}] ${message}`,
        meta ? JSON.stringify(meta, (_, v) => (typeof v === "bigint" ? v.toString() : v)) : "",
      );
      return logger;
    };
  const logger: Logger = { error: log("error"), warn: log("warn"), info: log("info"), verbose: () => logger, debug: () => logger };
  return logger;
}
