import { Order } from "cosmjs-types/ibc/core/channel/v1/channel";
import { Link } from "@confio/relayer/build/lib/link";
import type { IbcClient } from "@confio/relayer/build/lib/ibcclient";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { latestHeight, waitForHeight } from "../../src/cli/localnet";
import { startSimdChain, SIMD_BECH32_PREFIX, SIMD_DENOM, type SimdChain } from "./helpers/ibc-counterparty";
import { consoleLogger, ibcDenom, IbcGoV10Link, relayerClient } from "./helpers/ibc-relayer";

/**
 * @confio/relayer 0.12 between two ibc-go v10.7.0 chains: what it does unchanged (clients both
 * ways, a connection, an ICS-20 channel) and where it fails against ibc-go v10 (packet bytes
 * read from an attribute v10 no longer emits; a 0 next_sequence_recv on unordered timeouts),
 * then a full ICS-20 round trip and a timeout through the shimmed link (IbcGoV10Link).
 */

const BLOCK_MS = 500;

async function rest<T>(chain: SimdChain, path: string): Promise<T> {
  const res = await fetch(`${chain.restUrl}${path}`, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

describe("@confio/relayer against ibc-go v10", () => {
  let a: SimdChain;
  let b: SimdChain;
  let relayerA: IbcClient;
  let relayerB: IbcClient;
  let userA: IbcClient;
  let userB: IbcClient;
  let link: IbcGoV10Link;
  let unpatched: Link;
  let channel: { src: { channelId: string }; dest: { channelId: string } };
  let escrowA: string;
  let voucher: string;
  const logger = consoleLogger();

  beforeAll(async () => {
    a = await startSimdChain({ chainId: "ibc-sim-1" });
    b = await startSimdChain({ chainId: "ibc-sim-2" });
    const client = (c: SimdChain, mnemonic: string) =>
      relayerClient({ rpcUrl: c.rpcUrl, prefix: SIMD_BECH32_PREFIX, gasPrice: `0${SIMD_DENOM}`, blockTimeMs: BLOCK_MS }, mnemonic, logger);
    [relayerA, relayerB, userA, userB] = await Promise.all([
      client(a, a.relayer.mnemonic),
      client(b, b.relayer.mnemonic),
      client(a, a.user.mnemonic),
      client(b, b.user.mnemonic),
    ]);
  });
  afterAll(async () => {
    await a?.stop();
    await b?.stop();
  });

  it("creates 07-tendermint clients both ways and opens a connection, unchanged", async () => {
    unpatched = await Link.createWithNewConnections(relayerA, relayerB, logger);
    link = IbcGoV10Link.adapt(unpatched, logger);
    for (const [chain, end, other] of [
      [a, unpatched.endA, b],
      [b, unpatched.endB, a],
    ] as const) {
      const { client_state } = await rest<{ client_state: { "@type": string; chain_id: string } }>(
        chain,
        `/ibc/core/client/v1/client_states/${end.clientID}`,
      );
      expect(client_state["@type"]).toBe("/ibc.lightclients.tendermint.v1.ClientState");
      expect(client_state.chain_id).toBe(other.chainId);
      const { connection } = await rest<{ connection: { state: string; client_id: string } }>(
        chain,
        `/ibc/core/connection/v1/connections/${end.connectionID}`,
      );
      expect(connection).toMatchObject({ state: "STATE_OPEN", client_id: end.clientID });
    }
  });

  it("opens an unordered ics20-1 transfer channel, unchanged", async () => {
    channel = await unpatched.createChannel("A", "transfer", "transfer", Order.ORDER_UNORDERED, "ics20-1");
    for (const [chain, id] of [
      [a, channel.src.channelId],
      [b, channel.dest.channelId],
    ] as const) {
      const res = await rest<{ channel: { state: string; ordering: string; version: string } }>(
        chain,
        `/ibc/core/channel/v1/channels/${id}/ports/transfer`,
      );
      expect(res.channel).toMatchObject({ state: "STATE_OPEN", ordering: "ORDER_UNORDERED", version: "ics20-1" });
    }
    escrowA = (
      await rest<{ escrow_address: string }>(a, `/ibc/apps/transfer/v1/channels/${channel.src.channelId}/ports/transfer/escrow_address`)
    ).escrow_address;
    voucher = ibcDenom("transfer", channel.dest.channelId, SIMD_DENOM);
  });

  it("unchanged, relays packets with empty data: ibc-go v10 emits only packet_data_hex", async () => {
    const timeout = await relayerB.timeoutHeight(1_000);
    await userA.transferTokens("transfer", channel.src.channelId, { denom: SIMD_DENOM, amount: "1000" }, b.user.address, timeout);
    expect(await a.balance(a.user.address)).toBe(100_000_000_000n - 1000n);
    expect(await a.balance(escrowA)).toBe(1000n);
    await expect(unpatched.relayAll()).rejects.toThrow(/packet data bytes cannot be empty/);
    expect(await b.balance(b.user.address, voucher)).toBe(0n);
  });

  it("shimmed, relays the transfer to an ibc/ voucher and its acknowledgement back", async () => {
    const info = await link.relayAll();
    expect(info.packetsFromA).toBe(1);
    expect(info.acksFromB.map((x) => Buffer.from(x.acknowledgement).toString())).toEqual(['{"result":"AQ=="}']);
    expect(await b.balance(b.user.address, voucher)).toBe(1000n);
    const trace = await rest<{ hash: string }>(b, `/ibc/apps/transfer/v1/denom_hashes/transfer/${channel.dest.channelId}/${SIMD_DENOM}`);
    expect(`ibc/${trace.hash}`).toBe(voucher);
    // The acknowledgement reached A: its packet commitment is gone.
    const commitments = await rest<{ commitments: unknown[] }>(
      a,
      `/ibc/core/channel/v1/channels/${channel.src.channelId}/ports/transfer/packet_commitments`,
    );
    expect(commitments.commitments).toEqual([]);
  });

  it("shimmed, sends the voucher back: burnt on B, released from A's escrow", async () => {
    const timeout = await relayerA.timeoutHeight(1_000);
    await userB.transferTokens("transfer", channel.dest.channelId, { denom: voucher, amount: "400" }, a.user.address, timeout);
    await link.relayAll();
    expect(await b.balance(b.user.address, voucher)).toBe(600n);
    expect(await a.balance(a.user.address)).toBe(100_000_000_000n - 600n);
    expect(await a.balance(escrowA)).toBe(600n);
    const total = await rest<{ amount: { amount: string } }>(a, `/ibc/apps/transfer/v1/total_escrow/${SIMD_DENOM}`);
    expect(total.amount.amount).toBe("600");
  });

  it("times out a packet: unchanged the relayer sends next_sequence_recv 0; shimmed, the sender is refunded", async () => {
    const timeoutAt = (await latestHeight(b.rpcUrl)) + 2;
    await userA.transferTokens(
      "transfer",
      channel.src.channelId,
      { denom: SIMD_DENOM, amount: "77" },
      b.user.address,
      relayerB.revisionHeight(timeoutAt),
    );
    expect(await a.balance(a.user.address)).toBe(100_000_000_000n - 677n);
    await waitForHeight(b.rpcUrl, timeoutAt + 1, 20_000);
    // Hex events but the relayer's own timeout: its NextSequenceReceive answer (0 on unordered) goes into MsgTimeout.
    await expect(new Link(link.endA, link.endB, logger).relayAll()).rejects.toThrow(/next sequence receive cannot be 0/);
    await link.relayAll();
    expect(await a.balance(a.user.address)).toBe(100_000_000_000n - 600n);
    expect(await a.balance(escrowA)).toBe(600n);
    expect(await b.balance(b.user.address, voucher)).toBe(600n);
  });
});
