/**
 * ICS-02 clients through signed txs: a 07-tendermint client of the real CometBFT chain in
 * test/fixtures/tendermint-light, created, updated (adjacent and skipping), refused a bad
 * header, frozen by misbehaviour, read back over the ibc.core.client.v1.Query gRPC paths and
 * the raw ICS-24 keys of the `ibc` store.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Any as AnyCodec, type Any } from "../../../src/gen/google/protobuf/any";
import type { RequestQuery } from "cosmjs-types/tendermint/abci/types";
import * as q from "../../../src/gen/ibc/core/client/v1/query";
import * as tx from "../../../src/gen/ibc/core/client/v1/tx";
import type { ProofSpec } from "../../../src/gen/cosmos/ics23/v1/proofs";
import { ClientState, ConsensusState, Header, Misbehaviour } from "../../../src/gen/ibc/lightclients/tendermint/v1/tendermint";
import { IAVL_STORE_SPEC, COMMIT_INFO_SPEC } from "../../../src/types/commitment-spec";
import { pack, TestChain, testKey } from "../../helpers/chain";
import { eventOf, moduleErrorExpecter, queryCode } from "../../helpers/module-setup";
import { block, clientState, consensusStateAt, forgeBlock, ibcHeight, updateHeader } from "../../unit/ibc/light-fixtures";

const alice = testKey("alice");
const expectClientError = moduleErrorExpecter("client");
const GAS = { gasLimit: 3_000_000n, fee: [{ denom: "uyml", amount: "30000" }] };
const SDK_SPECS = [IAVL_STORE_SPEC, COMMIT_INFO_SPEC] as unknown as ProofSpec[];

const any = (typeUrl: string, value: Uint8Array): Any => ({ typeUrl, value });
const headerAny = (h: Header) => any("/ibc.lightclients.tendermint.v1.Header", Header.encode(h).finish());

function createMsg(latest: number) {
  return pack("/ibc.core.client.v1.MsgCreateClient", tx.MsgCreateClient, {
    clientState: any(
      "/ibc.lightclients.tendermint.v1.ClientState",
      ClientState.encode(clientState(latest, { proofSpecs: SDK_SPECS })).finish(),
    ),
    consensusState: any("/ibc.lightclients.tendermint.v1.ConsensusState", ConsensusState.encode(consensusStateAt(latest)).finish()),
    signer: alice.address,
  });
}

const updateMsg = (clientId: string, h: Header) =>
  pack("/ibc.core.client.v1.MsgUpdateClient", tx.MsgUpdateClient, { clientId, clientMessage: headerAny(h), signer: alice.address });

describe("ibc clients (07-tendermint) through txs", () => {
  let chain: TestChain;
  const status = (clientId: string) =>
    chain.query("/ibc.core.client.v1.Query/ClientStatus", q.QueryClientStatusRequest, { clientId }, q.QueryClientStatusResponse).status;
  const consensusAt = (clientId: string, h: number) =>
    chain.query(
      "/ibc.core.client.v1.Query/ConsensusState",
      q.QueryConsensusStateRequest,
      { clientId, revisionNumber: 1n, revisionHeight: BigInt(h), latestHeight: false },
      q.QueryConsensusStateResponse,
    );
  /** A raw key of the `ibc` store, as a counterparty reads it (abci_query /store/ibc/key). */
  const rawKey = async (path: string) =>
    Buffer.from(
      (await chain.app.query({ path: "/store/ibc/key", data: Buffer.from(path), height: 0n, prove: false } as RequestQuery)).value,
    );

  beforeAll(async () => {
    chain = await TestChain.create();
    // A minute after the fixture chain's last block: every header is in the past, none expired.
    chain.setNextBlockTime({ seconds: BigInt(Date.parse("2026-11-28T00:59:52Z") / 1000), nanos: 0 });
    await chain.produceBlocks(1);
  });
  afterAll(() => chain.close());

  it("serves the default params: every client type allowed (ibc-go's default)", () => {
    const res = chain.query("/ibc.core.client.v1.Query/ClientParams", q.QueryClientParamsRequest, {}, q.QueryClientParamsResponse);
    expect(res.params?.allowedClients).toEqual(["*"]);
  });

  it("creates 07-tendermint-0 from the fixture chain's block 3 and stores it at its ICS-24 paths", async () => {
    const res = await chain.deliver(alice, [createMsg(3)], GAS);
    expect(res.code, res.log).toBe(0);
    expect(eventOf(res, "create_client")).toEqual({ client_id: "07-tendermint-0", client_type: "07-tendermint", consensus_height: "1-3" });
    const cs = chain.query(
      "/ibc.core.client.v1.Query/ClientState",
      q.QueryClientStateRequest,
      { clientId: "07-tendermint-0" },
      q.QueryClientStateResponse,
    );
    expect(cs.clientState?.typeUrl).toBe("/ibc.lightclients.tendermint.v1.ClientState");
    expect(ClientState.decode(cs.clientState!.value).latestHeight).toEqual(ibcHeight(3));
    expect(ConsensusState.decode(consensusAt("07-tendermint-0", 3).consensusState!.value)).toEqual(consensusStateAt(3));
    expect(status("07-tendermint-0")).toBe("Active");
    // Raw keys without a collection prefix byte: the Any bytes at clients/{id}/clientState, the
    // sequence big-endian at nextClientSequence.
    expect(await rawKey("clients/07-tendermint-0/clientState")).toEqual(Buffer.from(AnyCodec.encode(cs.clientState!).finish()));
    expect((await rawKey("nextClientSequence")).toString("hex")).toBe("0000000000000001");
    expect((await rawKey("clients/07-tendermint-0/consensusStates/1-3/processedTime")).length).toBe(8);
    // This chain's id has no revision: processed heights are revision 0.
    expect((await rawKey("clients/07-tendermint-0/consensusStates/1-3/processedHeight")).toString()).toMatch(/^0-\d+$/);
  });

  it("updates with the adjacent header, then skips to a later one across a validator-set change", async () => {
    const adjacent = await chain.deliver(alice, [updateMsg("07-tendermint-0", updateHeader(4, 3))], GAS);
    expect(adjacent.code, adjacent.log).toBe(0);
    expect(eventOf(adjacent, "update_client")).toEqual({
      client_id: "07-tendermint-0",
      client_type: "07-tendermint",
      consensus_height: "1-4",
      consensus_heights: "1-4",
    });
    const skipping = await chain.deliver(alice, [updateMsg("07-tendermint-0", updateHeader(10, 4))], GAS);
    expect(skipping.code, skipping.log).toBe(0);
    expect(ConsensusState.decode(consensusAt("07-tendermint-0", 10).consensusState!.value)).toEqual(consensusStateAt(10));
    const all = chain.query(
      "/ibc.core.client.v1.Query/ConsensusStates",
      q.QueryConsensusStatesRequest,
      { clientId: "07-tendermint-0", pagination: undefined },
      q.QueryConsensusStatesResponse,
    );
    // Path order: "1-10" sorts before "1-3"; the metadata entries next to them are not listed.
    expect(all.consensusStates.map((s) => s.height?.revisionHeight)).toEqual([10n, 3n, 4n]);
    const latest = ClientState.decode(
      chain.query(
        "/ibc.core.client.v1.Query/ClientState",
        q.QueryClientStateRequest,
        { clientId: "07-tendermint-0" },
        q.QueryClientStateResponse,
      ).clientState!.value,
    );
    expect(latest.latestHeight).toEqual(ibcHeight(10));
  });

  it("refuses a header whose validator set does not hash to validators_hash (client 12)", async () => {
    const bad = updateHeader(12, 10);
    bad.validatorSet = block(3).validatorSet;
    const res = await chain.deliver(alice, [updateMsg("07-tendermint-0", bad)], GAS);
    expectClientError(res, 12);
  });

  it("refuses a header its trusted validators never signed (07-tendermint)", async () => {
    const forged = forgeBlock(12, (h) => (h.appHash = Uint8Array.of(1, 2, 3)));
    const h = { ...updateHeader(12, 10), signedHeader: forged.signedHeader };
    // Re-signed with the real keys: valid on its own; the signatures are refused only against a set it does not match.
    h.signedHeader.commit.signatures = block(12).signedHeader.commit.signatures;
    const res = await chain.deliver(alice, [updateMsg("07-tendermint-0", h)], GAS);
    expect(res.code).not.toBe(0);
    expect(res.codespace).toBe("07-tendermint");
  });

  it("refuses an unknown client", async () => {
    const res = await chain.deliver(alice, [updateMsg("07-tendermint-9", updateHeader(12, 10))], GAS);
    expectClientError(res, 29);
  });

  it("freezes the client on misbehaviour: two signed headers for one height", async () => {
    const fork = forgeBlock(12, (h) => (h.appHash = Uint8Array.of(7, 7, 7)));
    const misbehaviour = Misbehaviour.encode({
      clientId: "07-tendermint-0",
      header1: updateHeader(12, 10),
      header2: { ...updateHeader(12, 10), signedHeader: fork.signedHeader },
    }).finish();
    const res = await chain.deliver(
      alice,
      [
        pack("/ibc.core.client.v1.MsgSubmitMisbehaviour", tx.MsgSubmitMisbehaviour, {
          clientId: "07-tendermint-0",
          misbehaviour: any("/ibc.lightclients.tendermint.v1.Misbehaviour", misbehaviour),
          signer: alice.address,
        }),
      ],
      GAS,
    );
    expect(res.code, res.log).toBe(0);
    expect(eventOf(res, "client_misbehaviour")).toEqual({ client_id: "07-tendermint-0", client_type: "07-tendermint" });
    expect(status("07-tendermint-0")).toBe("Frozen");
    const after = await chain.deliver(alice, [updateMsg("07-tendermint-0", updateHeader(14, 10))], GAS);
    expectClientError(after, 29);
  });

  it("numbers clients from nextClientSequence and lists them", async () => {
    const res = await chain.deliver(alice, [createMsg(10)], GAS);
    expect(res.code, res.log).toBe(0);
    expect(eventOf(res, "create_client")?.client_id).toBe("07-tendermint-1");
    const list = chain.query(
      "/ibc.core.client.v1.Query/ClientStates",
      q.QueryClientStatesRequest,
      { pagination: undefined },
      q.QueryClientStatesResponse,
    );
    expect(list.clientStates.map((c) => c.clientId)).toEqual(["07-tendermint-0", "07-tendermint-1"]);
    expect(status("07-tendermint-1")).toBe("Active");
    expect(status("07-tendermint-7")).toBe("Unknown");
    expect(queryCode(() => consensusAt("07-tendermint-1", 3))).toBe(22);
  });
});
