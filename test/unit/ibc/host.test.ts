/** ICS-24 paths and identifier rules as ibc-go v10's 24-host builds and checks them. */
import { describe, expect, it } from "vitest";
import {
  hostErrors,
  hostPaths,
  iterationHeight,
  iterationKey,
  validateChannelId,
  validateClientId,
  validateConnectionId,
  validatePortId,
} from "../../../src/modules/ibc/host";
import { stateKey } from "../../../src/modules/ibc/store";

const h = (rev: bigint, height: bigint) => ({ revisionNumber: rev, revisionHeight: height });

describe("ICS-24 paths", () => {
  it("spells every path as ibc-go does", () => {
    expect(hostPaths.clientState("07-tendermint-0")).toBe("clients/07-tendermint-0/clientState");
    expect(hostPaths.consensusState("07-tendermint-0", h(1n, 42n))).toBe("clients/07-tendermint-0/consensusStates/1-42");
    expect(hostPaths.processedTime("07-tendermint-0", h(1n, 42n))).toBe("clients/07-tendermint-0/consensusStates/1-42/processedTime");
    expect(hostPaths.processedHeight("07-tendermint-0", h(1n, 42n))).toBe("clients/07-tendermint-0/consensusStates/1-42/processedHeight");
    expect(hostPaths.nextClientSequence()).toBe("nextClientSequence");
    expect(hostPaths.clientConnections("07-tendermint-0")).toBe("clients/07-tendermint-0/connections");
    expect(hostPaths.connection("connection-0")).toBe("connections/connection-0");
    expect(hostPaths.nextConnectionSequence()).toBe("nextConnectionSequence");
    expect(hostPaths.channel("transfer", "channel-0")).toBe("channelEnds/ports/transfer/channels/channel-0");
    expect(hostPaths.nextSequenceSend("transfer", "channel-0")).toBe("nextSequenceSend/ports/transfer/channels/channel-0");
    expect(hostPaths.nextSequenceRecv("transfer", "channel-0")).toBe("nextSequenceRecv/ports/transfer/channels/channel-0");
    expect(hostPaths.nextSequenceAck("transfer", "channel-0")).toBe("nextSequenceAck/ports/transfer/channels/channel-0");
    expect(hostPaths.packetCommitment("transfer", "channel-0", 7n)).toBe("commitments/ports/transfer/channels/channel-0/sequences/7");
    expect(hostPaths.packetReceipt("transfer", "channel-0", 7n)).toBe("receipts/ports/transfer/channels/channel-0/sequences/7");
    expect(hostPaths.packetAcknowledgement("transfer", "channel-0", 7n)).toBe("acks/ports/transfer/channels/channel-0/sequences/7");
    expect(hostPaths.nextChannelSequence()).toBe("nextChannelSequence");
  });

  it("keys the ibc store by the bare path: no collection prefix byte", () => {
    expect(Buffer.from(stateKey("connections/connection-0")).toString("latin1")).toBe("ibc/connections/connection-0");
  });

  it("orders 07-tendermint's iteration keys by height (big-endian), unlike the decimal paths", () => {
    const a = iterationKey("07-tendermint-0", h(1n, 9n));
    const b = iterationKey("07-tendermint-0", h(1n, 10n));
    expect(Buffer.compare(a, b)).toBeLessThan(0);
    expect(Buffer.from(a.subarray(0, a.length - 16)).toString()).toBe("clients/07-tendermint-0/iterateConsensusStates");
    expect(iterationHeight(b)).toEqual(h(1n, 10n));
  });
});

describe("identifier validation (24-host)", () => {
  const refused = (fn: () => void) => {
    try {
      fn();
    } catch (e) {
      return hostErrors.ErrInvalidID.is(e);
    }
    return false;
  };

  it("applies each identifier's length bounds", () => {
    expect(refused(() => validateClientId("abc"))).toBe(true);
    validateClientId("abcd");
    expect(refused(() => validateConnectionId("connectio"))).toBe(true);
    validateConnectionId("connection-0");
    expect(refused(() => validateChannelId("chan-01"))).toBe(true);
    validateChannelId("channel-0");
    expect(refused(() => validatePortId("t"))).toBe(true);
    validatePortId("transfer");
    validatePortId("p".repeat(128));
    expect(refused(() => validatePortId("p".repeat(129)))).toBe(true);
    expect(refused(() => validateClientId("c".repeat(65)))).toBe(true);
  });

  it("refuses blanks, separators and characters outside the allowed set", () => {
    expect(refused(() => validateClientId("    "))).toBe(true);
    expect(refused(() => validateClientId("07-tendermint/0"))).toBe(true);
    expect(refused(() => validateClientId("07-tendermint 0"))).toBe(true);
    expect(refused(() => validateClientId("07-tendermint-é"))).toBe(true);
    validateClientId("a.b_c+d-e#f[g]h<i>");
  });
});
