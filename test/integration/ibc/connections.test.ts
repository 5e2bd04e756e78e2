/**
 * ICS-03 through signed txs, both connection ends on this one chain: the client is a
 * 07-tendermint client of the fixture chain whose headers we re-sign with OUR app hash, so every
 * Try/Ack/Confirm proof is a real ICS-23 proof of this chain's `ibc` store (abci_query
 * /store/ibc/key with prove, as a relayer reads it) checked against a consensus root.
 * Then every connection error a tx can reach, the queries and the params message.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RequestQuery } from "cosmjs-types/tendermint/abci/types";
import type { Any } from "../../../src/gen/google/protobuf/any";
import { CommitmentProof, type ProofSpec } from "../../../src/gen/cosmos/ics23/v1/proofs";
import type { Height } from "../../../src/gen/ibc/core/client/v1/client";
import * as clientTx from "../../../src/gen/ibc/core/client/v1/tx";
import { MerkleProof } from "../../../src/gen/ibc/core/commitment/v1/commitment";
import { ConnectionEnd, State, type Version } from "../../../src/gen/ibc/core/connection/v1/connection";
import * as q from "../../../src/gen/ibc/core/connection/v1/query";
import * as tx from "../../../src/gen/ibc/core/connection/v1/tx";
import { ClientState, ConsensusState, Header } from "../../../src/gen/ibc/lightclients/tendermint/v1/tendermint";
import { govAuthority } from "../../../src/types/authority";
import { COMMIT_INFO_SPEC, IAVL_STORE_SPEC } from "../../../src/types/commitment-spec";
import { pack, TestChain, testKey } from "../../helpers/chain";
import { eventOf, moduleErrorExpecter, queryCode } from "../../helpers/module-setup";
import { clientState, consensusStateAt, forgeBlock, ibcHeight, updateHeader } from "../../unit/ibc/light-fixtures";

const alice = testKey("alice");
const GAS = { gasLimit: 3_000_000n, fee: [{ denom: "uyml", amount: "30000" }] };
const SDK_SPECS = [IAVL_STORE_SPEC, COMMIT_INFO_SPEC] as unknown as ProofSpec[];
const CLIENT = "07-tendermint-0";
const utf8 = new TextEncoder();
const PREFIX = { keyPrefix: utf8.encode("ibc") };
const V1: Version = { identifier: "1", features: ["ORDER_ORDERED", "ORDER_UNORDERED"] };
const expectConnectionError = moduleErrorExpecter("connection");
const expectClientError = moduleErrorExpecter("client");
const expectCommitmentError = moduleErrorExpecter("commitment");
const expectIbcError = moduleErrorExpecter("ibc");

const any = (typeUrl: string, value: Uint8Array): Any => ({ typeUrl, value });

const createClient = () =>
  pack("/ibc.core.client.v1.MsgCreateClient", clientTx.MsgCreateClient, {
    clientState: any("/ibc.lightclients.tendermint.v1.ClientState", ClientState.encode(clientState(3, { proofSpecs: SDK_SPECS })).finish()),
    consensusState: any("/ibc.lightclients.tendermint.v1.ConsensusState", ConsensusState.encode(consensusStateAt(3)).finish()),
    signer: alice.address,
  });

/** An adjacent update to fixture block `height` re-signed with `appHash` in its header: its consensus root is our state. */
function forgedUpdate(height: number, appHash: Uint8Array) {
  const forged = forgeBlock(height, (h) => (h.appHash = appHash));
  const header: Header = { ...updateHeader(height, height - 1), signedHeader: forged.signedHeader };
  return pack("/ibc.core.client.v1.MsgUpdateClient", clientTx.MsgUpdateClient, {
    clientId: CLIENT,
    clientMessage: any("/ibc.lightclients.tendermint.v1.Header", Header.encode(header).finish()),
    signer: alice.address,
  });
}

const initMsg = (over: Partial<tx.MsgConnectionOpenInit> = {}) =>
  pack("/ibc.core.connection.v1.MsgConnectionOpenInit", tx.MsgConnectionOpenInit, {
    clientId: CLIENT,
    counterparty: { clientId: CLIENT, connectionId: "", prefix: PREFIX },
    version: undefined,
    delayPeriod: 0n,
    signer: alice.address,
    ...over,
  });

const tryMsg = (proofInit: Uint8Array, proofHeight: Height, over: Partial<tx.MsgConnectionOpenTry> = {}) =>
  pack("/ibc.core.connection.v1.MsgConnectionOpenTry", tx.MsgConnectionOpenTry, {
    clientId: CLIENT,
    previousConnectionId: "",
    clientState: undefined,
    counterparty: { clientId: CLIENT, connectionId: "connection-0", prefix: PREFIX },
    delayPeriod: 0n,
    counterpartyVersions: [V1],
    proofHeight,
    proofInit,
    proofClient: new Uint8Array(),
    proofConsensus: new Uint8Array(),
    consensusHeight: undefined,
    signer: alice.address,
    hostConsensusStateProof: new Uint8Array(),
    ...over,
  });

const ackMsg = (proofTry: Uint8Array, proofHeight: Height, over: Partial<tx.MsgConnectionOpenAck> = {}) =>
  pack("/ibc.core.connection.v1.MsgConnectionOpenAck", tx.MsgConnectionOpenAck, {
    connectionId: "connection-0",
    counterpartyConnectionId: "connection-1",
    version: V1,
    clientState: undefined,
    proofHeight,
    proofTry,
    proofClient: new Uint8Array(),
    proofConsensus: new Uint8Array(),
    consensusHeight: undefined,
    signer: alice.address,
    hostConsensusStateProof: new Uint8Array(),
    ...over,
  });

const confirmMsg = (proofAck: Uint8Array, proofHeight: Height, connectionId = "connection-1") =>
  pack("/ibc.core.connection.v1.MsgConnectionOpenConfirm", tx.MsgConnectionOpenConfirm, {
    connectionId,
    proofAck,
    proofHeight,
    signer: alice.address,
  });

describe("ibc connections: a full handshake between two ends of this chain, on real proofs", () => {
  let chain: TestChain;
  const connection = (connectionId: string) =>
    chain.query("/ibc.core.connection.v1.Query/Connection", q.QueryConnectionRequest, { connectionId }, q.QueryConnectionResponse)
      .connection!;

  /** The chained proof of `path` in the latest committed state, and the app hash it proves against. */
  async function prove(path: string): Promise<{ proof: Uint8Array; appHash: Uint8Array; value: Uint8Array }> {
    const res = await chain.app.query({ path: "/store/ibc/key", data: utf8.encode(path), height: 0n, prove: true } as RequestQuery);
    const proofs = res.proofOps!.ops.map((op) => CommitmentProof.decode(op.data));
    return { proof: MerkleProof.encode({ proofs }).finish(), appHash: Uint8Array.from(chain.app.store.lastAppHash), value: res.value };
  }

  let proofInit: Awaited<ReturnType<typeof prove>>;

  beforeAll(async () => {
    chain = await TestChain.create();
    // A minute after the fixture chain's last block: its headers are in the past, none expired.
    chain.setNextBlockTime({ seconds: BigInt(Date.parse("2026-11-28T00:59:52Z") / 1000), nanos: 0 });
    await chain.produceBlocks(1);
    const res = await chain.deliver(alice, [createClient()], GAS);
    expect(res.code, res.log).toBe(0);
  });
  afterAll(() => chain.close());

  it("writes the sentinel connection-localhost at genesis: OPEN on 09-localhost both ways", () => {
    expect(connection("connection-localhost")).toEqual({
      clientId: "09-localhost",
      versions: [V1],
      state: State.STATE_OPEN,
      counterparty: { clientId: "09-localhost", connectionId: "connection-localhost", prefix: PREFIX },
      delayPeriod: 0n,
    });
  });

  it("ConnOpenInit: connection-0 INIT with every compatible version, listed under its client", async () => {
    const res = await chain.deliver(alice, [initMsg()], GAS);
    expect(res.code, res.log).toBe(0);
    expect(eventOf(res, "connection_open_init")).toEqual({
      connection_id: "connection-0",
      client_id: CLIENT,
      counterparty_client_id: CLIENT,
    });
    expect(res.events.some((e) => e.type === "message" && e.attributes.some((a) => a.value === "ibc_connection"))).toBe(true);
    expect(connection("connection-0")).toMatchObject({ state: State.STATE_INIT, clientId: CLIENT, versions: [V1] });
    proofInit = await prove("connections/connection-0");
    expect(ConnectionEnd.decode(proofInit.value).state).toBe(State.STATE_INIT);
  });

  it("ConnOpenTry refuses a proof of the INIT end against a root that is not ours", async () => {
    // Block 4 with its real app hash: the proof does not lead there.
    const real = pack("/ibc.core.client.v1.MsgUpdateClient", clientTx.MsgUpdateClient, {
      clientId: CLIENT,
      clientMessage: any("/ibc.lightclients.tendermint.v1.Header", Header.encode(updateHeader(4, 3)).finish()),
      signer: alice.address,
    });
    const res = await chain.deliver(alice, [real, tryMsg(proofInit.proof, ibcHeight(4))], GAS);
    expectCommitmentError(res, 2);
    expect(res.log).toContain("connection handshake open try failed");
    expect(res.log).toContain("failed connection state verification for client (07-tendermint-0)");
  });

  let proofTry: Awaited<ReturnType<typeof prove>>;
  it("ConnOpenTry: proves connection-0 under our app hash and stores connection-1 TRYOPEN", async () => {
    const res = await chain.deliver(alice, [forgedUpdate(4, proofInit.appHash), tryMsg(proofInit.proof, ibcHeight(4))], GAS);
    expect(res.code, res.log).toBe(0);
    expect(eventOf(res, "connection_open_try")).toEqual({
      connection_id: "connection-1",
      client_id: CLIENT,
      counterparty_client_id: CLIENT,
      counterparty_connection_id: "connection-0",
    });
    expect(connection("connection-1")).toEqual({
      clientId: CLIENT,
      versions: [V1],
      state: State.STATE_TRYOPEN,
      counterparty: { clientId: CLIENT, connectionId: "connection-0", prefix: PREFIX },
      delayPeriod: 0n,
    });
    proofTry = await prove("connections/connection-1");
  });

  it("ConnOpenAck refuses a version connection-0 did not offer, and a wrong counterparty id", async () => {
    const update = forgedUpdate(5, proofTry.appHash);
    const badVersion = await chain.deliver(
      alice,
      [update, ackMsg(proofTry.proof, ibcHeight(5), { version: { identifier: "1", features: ["ORDER_NONE"] } })],
      GAS,
    );
    expectConnectionError(badVersion, 6);
    // connection-0 is not what connection-0's counterparty stores at connections/connection-0.
    const wrongId = await chain.deliver(
      alice,
      [update, ackMsg(proofTry.proof, ibcHeight(5), { counterpartyConnectionId: "connection-0" })],
      GAS,
    );
    expectCommitmentError(wrongId, 2);
  });

  let proofAck: Awaited<ReturnType<typeof prove>>;
  it("ConnOpenAck: proves connection-1 TRYOPEN, opens connection-0", async () => {
    const res = await chain.deliver(alice, [forgedUpdate(5, proofTry.appHash), ackMsg(proofTry.proof, ibcHeight(5))], GAS);
    expect(res.code, res.log).toBe(0);
    expect(eventOf(res, "connection_open_ack")).toEqual({
      connection_id: "connection-0",
      client_id: CLIENT,
      counterparty_client_id: CLIENT,
      counterparty_connection_id: "connection-1",
    });
    expect(connection("connection-0")).toMatchObject({
      state: State.STATE_OPEN,
      counterparty: { clientId: CLIENT, connectionId: "connection-1", prefix: PREFIX },
    });
    proofAck = await prove("connections/connection-0");
  });

  it("ConnOpenConfirm refuses a stale proof (connection-0 still INIT at height 4)", async () => {
    const res = await chain.deliver(alice, [forgedUpdate(6, proofAck.appHash), confirmMsg(proofInit.proof, ibcHeight(4))], GAS);
    expectCommitmentError(res, 2);
  });

  it("ConnOpenConfirm: proves connection-0 OPEN, opens connection-1", async () => {
    const res = await chain.deliver(alice, [forgedUpdate(6, proofAck.appHash), confirmMsg(proofAck.proof, ibcHeight(6))], GAS);
    expect(res.code, res.log).toBe(0);
    expect(eventOf(res, "connection_open_confirm")).toEqual({
      connection_id: "connection-1",
      client_id: CLIENT,
      counterparty_client_id: CLIENT,
      counterparty_connection_id: "connection-0",
    });
    expect(connection("connection-1").state).toBe(State.STATE_OPEN);
  });

  it("refuses a second Ack or Confirm on an open end (invalid connection state)", async () => {
    expectConnectionError(await chain.deliver(alice, [ackMsg(proofTry.proof, ibcHeight(5))], GAS), 6);
    expectConnectionError(await chain.deliver(alice, [confirmMsg(proofAck.proof, ibcHeight(6))], GAS), 6);
  });

  it("serves the connection queries", () => {
    const all = chain.query(
      "/ibc.core.connection.v1.Query/Connections",
      q.QueryConnectionsRequest,
      { pagination: undefined },
      q.QueryConnectionsResponse,
    );
    expect(all.connections.map((c) => c.id)).toEqual(["connection-0", "connection-1", "connection-localhost"]);
    expect(all.height?.revisionHeight).toBe(chain.app.store.lastHeight);
    const paths = chain.query(
      "/ibc.core.connection.v1.Query/ClientConnections",
      q.QueryClientConnectionsRequest,
      { clientId: CLIENT },
      q.QueryClientConnectionsResponse,
    );
    expect(paths.connectionPaths).toEqual(["connection-0", "connection-1"]);
    const cs = chain.query(
      "/ibc.core.connection.v1.Query/ConnectionClientState",
      q.QueryConnectionClientStateRequest,
      { connectionId: "connection-0" },
      q.QueryConnectionClientStateResponse,
    );
    expect(cs.identifiedClientState?.clientId).toBe(CLIENT);
    expect(ClientState.decode(cs.identifiedClientState!.clientState!.value).latestHeight).toEqual(ibcHeight(6));
    const cons = chain.query(
      "/ibc.core.connection.v1.Query/ConnectionConsensusState",
      q.QueryConnectionConsensusStateRequest,
      { connectionId: "connection-1", revisionNumber: 1n, revisionHeight: 5n },
      q.QueryConnectionConsensusStateResponse,
    );
    expect(Buffer.from(ConsensusState.decode(cons.consensusState!.value).root!.hash)).toEqual(Buffer.from(proofTry.appHash));
    const params = chain.query(
      "/ibc.core.connection.v1.Query/ConnectionParams",
      q.QueryConnectionParamsRequest,
      {},
      q.QueryConnectionParamsResponse,
    );
    expect(params.params).toEqual({ maxExpectedTimePerBlock: 30_000_000_000n });
    const notFound = (fn: () => unknown) => expect(queryCode(fn)).not.toBe(0);
    notFound(() =>
      chain.query(
        "/ibc.core.connection.v1.Query/Connection",
        q.QueryConnectionRequest,
        { connectionId: "connection-9" },
        q.QueryConnectionResponse,
      ),
    );
    notFound(() =>
      chain.query(
        "/ibc.core.connection.v1.Query/ClientConnections",
        q.QueryClientConnectionsRequest,
        { clientId: "07-tendermint-9" },
        q.QueryClientConnectionsResponse,
      ),
    );
    // The localhost client keeps no client state.
    notFound(() =>
      chain.query(
        "/ibc.core.connection.v1.Query/ConnectionClientState",
        q.QueryConnectionClientStateRequest,
        { connectionId: "connection-localhost" },
        q.QueryConnectionClientStateResponse,
      ),
    );
  });

  it("refuses Init on the localhost client, an inactive client, an unsupported version, a counterparty connection id and an empty prefix", async () => {
    expectClientError(await chain.deliver(alice, [initMsg({ clientId: "09-localhost" })], GAS), 10);
    expectClientError(await chain.deliver(alice, [initMsg({ clientId: "07-tendermint-9" })], GAS), 29);
    expectConnectionError(await chain.deliver(alice, [initMsg({ version: { identifier: "2", features: ["ORDER_ORDERED"] } })], GAS), 9);
    expectConnectionError(
      await chain.deliver(alice, [initMsg({ counterparty: { clientId: CLIENT, connectionId: "connection-1", prefix: PREFIX } })], GAS),
      7,
    );
    expectConnectionError(
      await chain.deliver(
        alice,
        [initMsg({ counterparty: { clientId: CLIENT, connectionId: "", prefix: { keyPrefix: new Uint8Array() } } })],
        GAS,
      ),
      7,
    );
  });

  it("refuses Try without versions, with no common version, with an empty proof, at a height the client has not", async () => {
    expectIbcError(await chain.deliver(alice, [tryMsg(proofInit.proof, ibcHeight(4), { counterpartyVersions: [] })], GAS), 10);
    const none = await chain.deliver(
      alice,
      [tryMsg(proofInit.proof, ibcHeight(4), { counterpartyVersions: [{ identifier: "2", features: ["ORDER_ORDERED"] }] })],
      GAS,
    );
    expectConnectionError(none, 10);
    expectCommitmentError(await chain.deliver(alice, [tryMsg(new Uint8Array(), ibcHeight(4))], GAS), 2);
    // Above the client's latest height, then a height below it that it never stored.
    expectIbcError(await chain.deliver(alice, [tryMsg(proofInit.proof, ibcHeight(9))], GAS), 9);
    expectClientError(await chain.deliver(alice, [tryMsg(proofInit.proof, { revisionNumber: 1n, revisionHeight: 2n })], GAS), 7);
    expectClientError(await chain.deliver(alice, [tryMsg(proofInit.proof, ibcHeight(4), { clientId: "09-localhost" })], GAS), 10);
  });

  it("refuses Ack and Confirm on a malformed or unknown connection id", async () => {
    expectConnectionError(await chain.deliver(alice, [ackMsg(proofTry.proof, ibcHeight(5), { connectionId: "conn-0" })], GAS), 11);
    expectConnectionError(await chain.deliver(alice, [ackMsg(proofTry.proof, ibcHeight(5), { connectionId: "connection-7" })], GAS), 3);
    expectConnectionError(await chain.deliver(alice, [confirmMsg(proofAck.proof, ibcHeight(6), "connection-7")], GAS), 3);
    expectConnectionError(await chain.deliver(alice, [confirmMsg(proofAck.proof, ibcHeight(6), "connection-localhost")], GAS), 11);
  });

  it("changes the params through governance only", async () => {
    const update = (signer: string) =>
      pack("/ibc.core.connection.v1.MsgUpdateParams", tx.MsgUpdateParams, { signer, params: { maxExpectedTimePerBlock: 10_000_000_000n } });
    expectIbcError(await chain.deliver(alice, [update(alice.address)], GAS), 2);
    const res = await chain.govExec([update(govAuthority())]);
    expect(res.code, res.log).toBe(0);
    const params = chain.query(
      "/ibc.core.connection.v1.Query/ConnectionParams",
      q.QueryConnectionParamsRequest,
      {},
      q.QueryConnectionParamsResponse,
    );
    expect(params.params?.maxExpectedTimePerBlock).toBe(10_000_000_000n);
  });
});
