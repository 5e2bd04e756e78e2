/**
 * The other client messages and the proof query: MsgUpdateClientParams through governance
 * (allowed_clients, validated as ibc-go's Params.Validate), MsgDeleteClientCreator by the
 * creator or governance, and Query/VerifyMembership against a real proof of this chain's own
 * `ibc` store under a client whose consensus root is our app hash.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProposalStatus } from "cosmjs-types/cosmos/gov/v1/gov";
import type { RequestQuery } from "cosmjs-types/tendermint/abci/types";
import { CommitmentProof, type ProofSpec } from "../../../src/gen/cosmos/ics23/v1/proofs";
import type { Height } from "../../../src/gen/ibc/core/client/v1/client";
import * as q from "../../../src/gen/ibc/core/client/v1/query";
import * as tx from "../../../src/gen/ibc/core/client/v1/tx";
import { MerkleProof } from "../../../src/gen/ibc/core/commitment/v1/commitment";
import { ClientState, ConsensusState } from "../../../src/gen/ibc/lightclients/tendermint/v1/tendermint";
import { govAuthority } from "../../../src/types/authority";
import { COMMIT_INFO_SPEC, IAVL_STORE_SPEC } from "../../../src/types/commitment-spec";
import { pack, TestChain, testKey } from "../../helpers/chain";
import { govParams, passProposal, submitMsg } from "../../helpers/gov";
import { eventOf, moduleErrorExpecter, queryCode } from "../../helpers/module-setup";
import { clientState, consensusStateAt, ibcHeight, seconds } from "../../unit/ibc/light-fixtures";

const alice = testKey("alice");
const bob = testKey("bob");
const expectClientError = moduleErrorExpecter("client");
const expectIbcError = moduleErrorExpecter("ibc");
const GAS = { gasLimit: 3_000_000n, fee: [{ denom: "uyml", amount: "30000" }] };
const SDK_SPECS = [IAVL_STORE_SPEC, COMMIT_INFO_SPEC] as unknown as ProofSpec[];
const utf8 = new TextEncoder();
const START = BigInt(Date.parse("2026-11-28T00:59:52Z") / 1000);

function createMsg(latest: number, consensus: ConsensusState = consensusStateAt(latest), signer = alice.address) {
  return pack("/ibc.core.client.v1.MsgCreateClient", tx.MsgCreateClient, {
    clientState: {
      typeUrl: "/ibc.lightclients.tendermint.v1.ClientState",
      value: ClientState.encode(clientState(latest, { proofSpecs: SDK_SPECS })).finish(),
    },
    consensusState: { typeUrl: "/ibc.lightclients.tendermint.v1.ConsensusState", value: ConsensusState.encode(consensus).finish() },
    signer,
  });
}

const paramsMsg = (allowedClients: string[], signer = govAuthority()) =>
  pack("/ibc.core.client.v1.MsgUpdateParams", tx.MsgUpdateParams, { signer, params: { allowedClients } });

const deleteCreatorMsg = (clientId: string, signer: string) =>
  pack("/ibc.core.client.v1.MsgDeleteClientCreator", tx.MsgDeleteClientCreator, { clientId, signer });

describe("client params, creators and VerifyMembership", () => {
  let chain: TestChain;
  const allowed = () =>
    chain.query("/ibc.core.client.v1.Query/ClientParams", q.QueryClientParamsRequest, {}, q.QueryClientParamsResponse).params
      ?.allowedClients;
  const status = (clientId: string) =>
    chain.query("/ibc.core.client.v1.Query/ClientStatus", q.QueryClientStatusRequest, { clientId }, q.QueryClientStatusResponse).status;
  const creator = (clientId: string) =>
    chain.query("/ibc.core.client.v1.Query/ClientCreator", q.QueryClientCreatorRequest, { clientId }, q.QueryClientCreatorResponse).creator;

  beforeAll(async () => {
    chain = await TestChain.create();
    chain.setNextBlockTime(seconds(START));
    await chain.produceBlocks(1);
    const res = await chain.deliver(alice, [createMsg(3), createMsg(10)], GAS);
    expect(res.code, res.log).toBe(0);
  });
  afterAll(() => chain.close());

  describe("MsgUpdateClientParams", () => {
    it("sets allowed_clients through a passed proposal; a type left out can no longer be created or used", async () => {
      const p = await passProposal(chain, [paramsMsg(["09-localhost"])]);
      expect(p.status, p.failedReason).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
      expect(allowed()).toEqual(["09-localhost"]);
      expectClientError(await chain.deliver(alice, [createMsg(10)], GAS), 10);
      expect(status("07-tendermint-0")).toBe("Unauthorized");
      expect(status("09-localhost")).toBe("Active");
      expect((await chain.govExec([paramsMsg(["07-tendermint", "09-localhost"])])).code).toBe(0);
      expect(status("07-tendermint-1")).toBe("Active");
    });

    it("refuses params ibc-go's Params.Validate refuses (ibc ErrInvalidRequest), at execution and at submission", async () => {
      const cases: Array<[string[], string]> = [
        [["*", "07-tendermint"], "allow list must have only one element because the allow all clients wildcard (*) is present"],
        [["07-tendermint", " "], "client type 1 cannot be blank"],
        [["07-tendermint", "07-tendermint"], "duplicate client type: 07-tendermint"],
        [Array.from({ length: 201 }, (_, i) => `type-${i}`), "allowed clients length must not exceed 200 items"],
      ];
      for (const [list, log] of cases) {
        expect(await chain.govExec([paramsMsg(list)])).toEqual({ codespace: "ibc", code: 8, log: `${log}: invalid request` });
      }
      // A proposal carrying invalid params is refused when submitted, not after its vote.
      const submit = await chain.deliver(alice, [submitMsg(alice.address, [paramsMsg(["", "x"])], govParams(chain).minDeposit)], GAS);
      expectIbcError(submit, 8);
      expect(allowed()).toEqual(["07-tendermint", "09-localhost"]);
    });

    it("refuses any signer but governance (ibc ErrUnauthorized)", async () => {
      const res = await chain.deliver(alice, [paramsMsg(["*"], alice.address)], GAS);
      expectIbcError(res, 2);
      expect(res.log).toBe(`expected ${govAuthority()}, got ${alice.address}: unauthorized`);
      expect((await chain.govExec([paramsMsg(["*"])])).code).toBe(0);
      expect(allowed()).toEqual(["*"]);
    });
  });

  describe("MsgDeleteClientCreator", () => {
    it("lets the creator delete its record, and only it or governance", async () => {
      expect(creator("07-tendermint-0")).toBe(alice.address);
      const byBob = await chain.deliver(bob, [deleteCreatorMsg("07-tendermint-0", bob.address)], GAS);
      expectIbcError(byBob, 2);
      expect(byBob.log).toContain(
        `client creator ${alice.address} is authorized to delete creator for 07-tendermint-0, got ${bob.address}`,
      );
      const byAlice = await chain.deliver(alice, [deleteCreatorMsg("07-tendermint-0", alice.address)], GAS);
      expect(byAlice.code, byAlice.log).toBe(0);
      expect(creator("07-tendermint-0")).toBe("");
      // Gone: ibc ErrNotFound (16), for the creator as for anyone.
      expectIbcError(await chain.deliver(alice, [deleteCreatorMsg("07-tendermint-0", alice.address)], GAS), 16);
      expect((await chain.govExec([deleteCreatorMsg("07-tendermint-1", govAuthority())])).code).toBe(0);
      expect(creator("07-tendermint-1")).toBe("");
    });

    it("refuses an id that is no `{type}-{n}` (host ErrInvalidID)", async () => {
      expect(await chain.deliver(alice, [deleteCreatorMsg("07-tendermint", alice.address)], GAS)).toMatchObject({
        codespace: "host",
        code: 2,
      });
    });
  });

  describe("Query/VerifyMembership", () => {
    const verify = (req: Partial<q.QueryVerifyMembershipRequest>) =>
      chain.query(
        "/ibc.core.client.v1.Query/VerifyMembership",
        q.QueryVerifyMembershipRequest,
        q.QueryVerifyMembershipRequest.fromPartial(req),
        q.QueryVerifyMembershipResponse,
      ).success;
    const PATH = "clients/07-tendermint-1/clientState";
    const PROOF_HEIGHT: Height = ibcHeight(1000);
    let proof: Uint8Array;
    let value: Uint8Array;
    let clientId: string;

    beforeAll(async () => {
      // A proof of a key of our `ibc` store in the committed state, then a client whose
      // consensus state at PROOF_HEIGHT has that state's app hash as its root.
      const res = await chain.app.query({ path: "/store/ibc/key", data: utf8.encode(PATH), height: 0n, prove: true } as RequestQuery);
      proof = MerkleProof.encode({ proofs: res.proofOps!.ops.map((op) => CommitmentProof.decode(op.data)) }).finish();
      value = res.value;
      const root = Uint8Array.from(chain.app.store.lastAppHash);
      const created = await chain.deliver(
        alice,
        [
          pack("/ibc.core.client.v1.MsgCreateClient", tx.MsgCreateClient, {
            clientState: {
              typeUrl: "/ibc.lightclients.tendermint.v1.ClientState",
              value: ClientState.encode(clientState(1000, { proofSpecs: SDK_SPECS })).finish(),
            },
            consensusState: {
              typeUrl: "/ibc.lightclients.tendermint.v1.ConsensusState",
              value: ConsensusState.encode({ ...consensusStateAt(10), root: { hash: root } }).finish(),
            },
            signer: alice.address,
          }),
        ],
        GAS,
      );
      expect(created.code, created.log).toBe(0);
      clientId = eventOf(created, "create_client")!.client_id!;
    });

    const merklePath = (path = PATH) => ({ keyPath: [utf8.encode("ibc"), utf8.encode(path)] });

    it("answers success for a value proved under the client's consensus root", () => {
      expect(verify({ clientId, proof, proofHeight: PROOF_HEIGHT, merklePath: merklePath(), value })).toBe(true);
    });

    it("answers false, not an error, for a proof that does not verify", () => {
      const base = { clientId, proof, proofHeight: PROOF_HEIGHT, merklePath: merklePath(), value };
      expect(verify({ ...base, value: Uint8Array.of(1, 2, 3) })).toBe(false);
      expect(verify({ ...base, merklePath: merklePath("clients/07-tendermint-0/clientState") })).toBe(false);
      // No consensus state at that height; a height past the client's latest.
      expect(verify({ ...base, proofHeight: ibcHeight(999) })).toBe(false);
      expect(verify({ ...base, proofHeight: ibcHeight(1001) })).toBe(false);
      expect(verify({ ...base, proof: Uint8Array.of(0xff) })).toBe(false);
      // A delay period not yet passed since the consensus state was stored.
      expect(verify({ ...base, blockDelay: 1000n })).toBe(false);
    });

    it("refuses malformed requests, the localhost client and clients that are not Active as ibc-go's query server does", () => {
      const base = { clientId, proof, proofHeight: PROOF_HEIGHT, merklePath: merklePath(), value };
      const code = (req: Partial<q.QueryVerifyMembershipRequest>) => queryCode(() => verify(req));
      expect(code({ ...base, proof: new Uint8Array() })).toBe(18);
      expect(code({ ...base, proofHeight: undefined })).toBe(18);
      expect(code({ ...base, merklePath: undefined })).toBe(18);
      expect(code({ ...base, value: new Uint8Array() })).toBe(18);
      expect(code({ ...base, clientId: "09-localhost" })).toBe(18);
      expect(code({ ...base, clientId: "nodash" })).toBe(18);
      // No such client: Unknown, FailedPrecondition (answered as the SDK's ErrInvalidRequest over ABCI).
      expect(code({ ...base, clientId: "07-tendermint-99" })).toBe(18);
      // A type outside the SDK's router: NotFound.
      expect(code({ ...base, clientId: "08-wasm-0" })).toBe(22);
    });
  });
});
