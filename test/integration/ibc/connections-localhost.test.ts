/**
 * 09-localhost and the sentinel connection: the client routes, is Active at our own height and
 * answers membership from our own `ibc` store given the sentinel proof; the connection keeper's
 * verify functions go through it over `connection-localhost` (what same-chain channels use).
 */
import { describe, expect, it } from "vitest";
import { sha256 } from "@noble/hashes/sha2.js";
import { Channel } from "../../../src/gen/ibc/core/channel/v1/channel";
import { ConnectionEnd } from "../../../src/gen/ibc/core/connection/v1/connection";
import { compatibleVersions } from "../../../src/modules/ibc/connections";
import { clientErrors, commitmentErrors } from "../../../src/modules/ibc/errors";
import { hostPaths } from "../../../src/modules/ibc/host";
import { IbcKeeper } from "../../../src/modules/ibc/keeper";
import { LOCALHOST_CONNECTION_ID, SENTINEL_PROOF } from "../../../src/modules/ibc/light-clients/localhost";
import { ibcStore, uint64BigEndian } from "../../../src/modules/ibc/store";
import { BranchStore } from "../../../src/store/branch";
import { Context, type BlockInfo } from "../../../src/types/context";
import { silentLogger } from "../../../src/types/logger";
import { MemKV } from "../../unit/store/setup";

const utf8 = new TextEncoder();
const block = { height: 42n, time: { seconds: 1_700_000_000n, nanos: 5 }, chainId: "testchain-3", proposer: new Uint8Array() } as BlockInfo;
const LOCALHOST = "09-localhost";

function setup() {
  const ctx = Context.create(new BranchStore(new MemKV()), block, "deliver", silentLogger);
  const k = new IbcKeeper();
  k.connections.createSentinelLocalhostConnection(ctx);
  return { ctx, k };
}

const args = (path: string, proof: Uint8Array = SENTINEL_PROOF) => ({
  clientId: LOCALHOST,
  height: { revisionNumber: 0n, revisionHeight: 1n },
  proof,
  prefix: utf8.encode("ibc"),
  path,
});

describe("09-localhost", () => {
  it("is Active under the default params (every client type allowed), at our height and block time", () => {
    const { ctx, k } = setup();
    expect(k.clients.params(ctx).allowedClients).toEqual(["*"]);
    expect(k.clients.status(ctx, LOCALHOST)).toBe("Active");
    expect(k.clients.latestHeight(ctx, LOCALHOST)).toEqual({ revisionNumber: 3n, revisionHeight: 42n });
    expect(k.clients.timestampAtHeight(ctx, LOCALHOST, { revisionNumber: 3n, revisionHeight: 1n })).toBe(1_700_000_000_000_000_005n);
    expect(k.clients.clientState(ctx, LOCALHOST)).toBeUndefined();
    // An allow-list without it makes it Unauthorized, as ibc-go's Route does.
    k.clients.setParams(ctx, { allowedClients: ["07-tendermint"] });
    expect(k.clients.status(ctx, LOCALHOST)).toBe("Unauthorized");
    expect(() => k.clients.verifyMembership(ctx, { ...args("nextClientSequence"), value: uint64BigEndian(0n) })).toThrow(
      clientErrors.ErrInvalidClientType.description,
    );
  });

  it("proves membership and absence from our own ibc store, with the sentinel proof only", () => {
    const { ctx, k } = setup();
    ibcStore.set(ctx, "nextClientSequence", uint64BigEndian(7n));
    k.clients.verifyMembership(ctx, { ...args("nextClientSequence"), value: uint64BigEndian(7n) });
    k.clients.verifyNonMembership(ctx, args("connections/connection-0"));
    expect(() => k.clients.verifyMembership(ctx, { ...args("nextClientSequence"), value: uint64BigEndian(8n) })).toThrow(
      clientErrors.ErrFailedMembershipVerification.description,
    );
    expect(() => k.clients.verifyMembership(ctx, { ...args("connections/connection-0"), value: uint64BigEndian(8n) })).toThrow(
      clientErrors.ErrFailedMembershipVerification.description,
    );
    expect(() => k.clients.verifyNonMembership(ctx, args("nextClientSequence"))).toThrow(
      clientErrors.ErrFailedNonMembershipVerification.description,
    );
    expect(() => k.clients.verifyMembership(ctx, { ...args("nextClientSequence", Uint8Array.of(2)), value: uint64BigEndian(7n) })).toThrow(
      commitmentErrors.ErrInvalidProof.description,
    );
    expect(() => k.clients.verifyNonMembership(ctx, args("connections/connection-0", new Uint8Array()))).toThrow(
      commitmentErrors.ErrInvalidProof.description,
    );
    expect(() => k.clients.verifyNonMembership(ctx, { ...args("x"), prefix: new Uint8Array() })).toThrow(
      commitmentErrors.ErrInvalidPrefix.description,
    );
  });

  it("refuses updates: it has no client messages", () => {
    const { ctx, k } = setup();
    expect(() => k.clients.updateClient(ctx, LOCALHOST, undefined)).toThrow(clientErrors.ErrUpdateClientFailed.description);
  });

  it("the sentinel connection is OPEN on 09-localhost both ways, and verifies channel and packet state through it", () => {
    const { ctx, k } = setup();
    const conn = k.connections.getConnection(ctx, LOCALHOST_CONNECTION_ID)!;
    expect(conn).toEqual({
      clientId: LOCALHOST,
      versions: compatibleVersions(),
      state: 3,
      counterparty: { clientId: LOCALHOST, connectionId: LOCALHOST_CONNECTION_ID, prefix: { keyPrefix: utf8.encode("ibc") } },
      delayPeriod: 0n,
    });
    expect(ConnectionEnd.encode(conn).finish().length).toBeGreaterThan(0);
    const height = { revisionNumber: 3n, revisionHeight: 41n };
    const channel: Channel = {
      state: 1,
      ordering: 1,
      counterparty: { portId: "transfer", channelId: "" },
      connectionHops: [LOCALHOST_CONNECTION_ID],
      version: "ics20-1",
    };
    ibcStore.set(ctx, hostPaths.channel("transfer", "channel-0"), Channel.encode(channel).finish());
    k.connections.verifyChannelState(ctx, conn, height, SENTINEL_PROOF, "transfer", "channel-0", channel);
    expect(() =>
      k.connections.verifyChannelState(ctx, conn, height, SENTINEL_PROOF, "transfer", "channel-0", { ...channel, version: "ics20-2" }),
    ).toThrow(/failed channel state verification for client \(09-localhost\)/);
    const commitment = Uint8Array.from({ length: 32 }, (_, i) => i);
    ibcStore.set(ctx, hostPaths.packetCommitment("transfer", "channel-0", 1n), commitment);
    k.connections.verifyPacketCommitment(ctx, conn, height, SENTINEL_PROOF, "transfer", "channel-0", 1n, commitment);
    // Acks are stored committed (sha256) and verified from the raw ack.
    const ack = utf8.encode('{"result":"AQ=="}');
    ibcStore.set(ctx, hostPaths.packetAcknowledgement("transfer", "channel-0", 1n), sha256(ack));
    k.connections.verifyPacketAcknowledgement(ctx, conn, height, SENTINEL_PROOF, "transfer", "channel-0", 1n, ack);
    k.connections.verifyPacketReceiptAbsence(ctx, conn, height, SENTINEL_PROOF, "transfer", "channel-0", 1n);
    ibcStore.set(ctx, hostPaths.nextSequenceRecv("transfer", "channel-0"), uint64BigEndian(4n));
    k.connections.verifyNextSequenceRecv(ctx, conn, height, SENTINEL_PROOF, "transfer", "channel-0", 4n);
    expect(() => k.connections.verifyNextSequenceRecv(ctx, conn, height, SENTINEL_PROOF, "transfer", "channel-0", 5n)).toThrow(
      /failed next sequence receive verification for client \(09-localhost\).*membership verification failed/,
    );
  });
});
