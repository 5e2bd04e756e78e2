/**
 * MsgRecoverClient through governance: an expired and a frozen 07-tendermint client are given
 * an Active substitute's state (ibc-go's RecoverClient with 07-tendermint's
 * CheckSubstituteAndUpdateState), and every refusal answers with ibc-go's codespace and code.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProposalStatus } from "cosmjs-types/cosmos/gov/v1/gov";
import type { RequestQuery } from "cosmjs-types/tendermint/abci/types";
import type { ProofSpec } from "../../../src/gen/cosmos/ics23/v1/proofs";
import type { Timestamp } from "../../../src/gen/google/protobuf/timestamp";
import * as q from "../../../src/gen/ibc/core/client/v1/query";
import * as tx from "../../../src/gen/ibc/core/client/v1/tx";
import { ClientState, ConsensusState, Misbehaviour, Header } from "../../../src/gen/ibc/lightclients/tendermint/v1/tendermint";
import { govAuthority } from "../../../src/types/authority";
import { COMMIT_INFO_SPEC, IAVL_STORE_SPEC } from "../../../src/types/commitment-spec";
import { pack, TestChain, testKey } from "../../helpers/chain";
import { govParams, passProposal, submitMsg } from "../../helpers/gov";
import { blockEventsOf, eventOf, moduleErrorExpecter } from "../../helpers/module-setup";
import { clientState, consensusStateAt, forgeBlock, ibcHeight, seconds, updateHeader } from "../../unit/ibc/light-fixtures";

const alice = testKey("alice");
const expectClientError = moduleErrorExpecter("client");
const expectIbcError = moduleErrorExpecter("ibc");
const GAS = { gasLimit: 3_000_000n, fee: [{ denom: "uyml", amount: "30000" }] };
const SDK_SPECS = [IAVL_STORE_SPEC, COMMIT_INFO_SPEC] as unknown as ProofSpec[];
const HOUR = 3600n;

/** A minute after the fixture chain's last block. */
const START = BigInt(Date.parse("2026-11-28T00:59:52Z") / 1000);

function createMsg(latest: number, over: Partial<ClientState> = {}) {
  return pack("/ibc.core.client.v1.MsgCreateClient", tx.MsgCreateClient, {
    clientState: {
      typeUrl: "/ibc.lightclients.tendermint.v1.ClientState",
      value: ClientState.encode(clientState(latest, { proofSpecs: SDK_SPECS, ...over })).finish(),
    },
    consensusState: {
      typeUrl: "/ibc.lightclients.tendermint.v1.ConsensusState",
      value: ConsensusState.encode(consensusStateAt(latest)).finish(),
    },
    signer: alice.address,
  });
}

const recoverMsg = (subjectClientId: string, substituteClientId: string, signer = govAuthority()) =>
  pack("/ibc.core.client.v1.MsgRecoverClient", tx.MsgRecoverClient, { subjectClientId, substituteClientId, signer });

describe("MsgRecoverClient (governance)", () => {
  let chain: TestChain;
  const status = (clientId: string) =>
    chain.query("/ibc.core.client.v1.Query/ClientStatus", q.QueryClientStatusRequest, { clientId }, q.QueryClientStatusResponse).status;
  const client = (clientId: string) =>
    ClientState.decode(
      chain.query("/ibc.core.client.v1.Query/ClientState", q.QueryClientStateRequest, { clientId }, q.QueryClientStateResponse).clientState!
        .value,
    );
  const consensus = (clientId: string, h: number) =>
    chain.query(
      "/ibc.core.client.v1.Query/ConsensusState",
      q.QueryConsensusStateRequest,
      { clientId, revisionNumber: 1n, revisionHeight: BigInt(h), latestHeight: false },
      q.QueryConsensusStateResponse,
    ).consensusState!;
  const rawKey = async (path: string) =>
    Buffer.from(
      (await chain.app.query({ path: "/store/ibc/key", data: Buffer.from(path), height: 0n, prove: false } as RequestQuery)).value,
    );
  const at = async (time: Timestamp) => {
    chain.setNextBlockTime(time);
    await chain.produceBlocks(1);
  };
  const create = async (latest: number, over: Partial<ClientState> = {}) => {
    const res = await chain.deliver(alice, [createMsg(latest, over)], GAS);
    expect(res.code, res.log).toBe(0);
    return eventOf(res, "create_client")!.client_id!;
  };

  let expired: string;
  let substitute: string;
  let mismatched: string;
  let behind: string;

  beforeAll(async () => {
    chain = await TestChain.create();
    await at(seconds(START));
    // The subject trusts its chain for one hour only; the others for the usual 14 days.
    expired = await create(3, { trustingPeriod: seconds(HOUR) });
    await at(seconds(START + 2n * HOUR));
    substitute = await create(10);
    mismatched = await create(10, { maxClockDrift: seconds(20n) });
    behind = await create(3);
  });
  afterAll(() => chain.close());

  it("has an expired subject and an Active substitute", () => {
    expect([expired, substitute, mismatched, behind]).toEqual(["07-tendermint-0", "07-tendermint-1", "07-tendermint-2", "07-tendermint-3"]);
    expect(status(expired)).toBe("Expired");
    expect(status(substitute)).toBe("Active");
  });

  it("refuses what ibc-go refuses, with its codes", async () => {
    // An Active subject: ErrInvalidRecoveryClient (24); 09-localhost is always Active.
    expectClientError(await chain.govExec([recoverMsg(substitute, expired)]), 24);
    expectClientError(await chain.govExec([recoverMsg("09-localhost", substitute)]), 24);
    // A substitute that is not Active (here: no such client, Unknown): ErrClientNotActive (29).
    const unknown = await chain.govExec([recoverMsg(expired, "07-tendermint-9")]);
    expectClientError(unknown, 29);
    expect(unknown.log).toBe(
      "client recovery failed: cannot recover client using substitute client (07-tendermint-9) with status Unknown: client state is not active",
    );
    // Parameters other than heights, trusting period and chain id differ: ErrInvalidSubstitute (27).
    expectClientError(await chain.govExec([recoverMsg(expired, mismatched)]), 27);
    // The substitute is not ahead of the subject: ErrInvalidHeight (26).
    expectClientError(await chain.govExec([recoverMsg(expired, behind)]), 26);
    // No subject: Unknown passes the status check, then 07-tendermint finds no client (4).
    expectClientError(await chain.govExec([recoverMsg("07-tendermint-8", substitute)]), 4);
    expect(status(expired)).toBe("Expired");
  });

  it("refuses a signer other than governance: ibc ErrUnauthorized (2), and ValidateBasic's checks", async () => {
    const direct = await chain.deliver(alice, [recoverMsg(expired, substitute, alice.address)], GAS);
    expectIbcError(direct, 2);
    expect(direct.log).toContain(`expected ${govAuthority()}, got ${alice.address}`);
    // The same client twice, a malformed id: refused before execution.
    expectClientError(await chain.deliver(alice, [recoverMsg(expired, expired, alice.address)], GAS), 27);
    expect(await chain.deliver(alice, [recoverMsg("a/b", substitute, alice.address)], GAS)).toMatchObject({ codespace: "host", code: 2 });
    // A proposal may only carry messages signed by the gov account (x/gov's ErrInvalidSigner).
    const params = govParams(chain);
    const res = await chain.deliver(
      alice,
      [submitMsg(alice.address, [recoverMsg(expired, substitute, alice.address)], params.minDeposit)],
      GAS,
    );
    expect(res).toMatchObject({ codespace: "gov", code: 13 });
    expect(status(expired)).toBe("Expired");
  });

  it("recovers the expired client through a passed proposal: the substitute's latest state, Active again", async () => {
    const before = client(expired);
    const { result: proposal, events } = await blockEventsOf(chain, () => passProposal(chain, [recoverMsg(expired, substitute)]));
    expect(proposal.status, proposal.failedReason).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
    expect(events("recover_client")).toEqual([{ subject_client_id: expired, client_type: "07-tendermint", mode: "EndBlock" }]);

    expect(status(expired)).toBe("Active");
    const after = client(expired);
    const sub = client(substitute);
    expect(after.latestHeight).toEqual(ibcHeight(10));
    expect(after.trustingPeriod).toEqual(sub.trustingPeriod);
    expect(after.chainId).toBe(sub.chainId);
    expect(after.frozenHeight).toEqual({ revisionNumber: 0n, revisionHeight: 0n });
    // Everything else is the subject's own.
    expect(after.unbondingPeriod).toEqual(before.unbondingPeriod);
    expect(after.upgradePath).toEqual(before.upgradePath);
    // The substitute's consensus state at its latest height, with its processed time and height.
    expect(consensus(expired, 10)).toEqual(consensus(substitute, 10));
    for (const meta of ["processedTime", "processedHeight"]) {
      expect(await rawKey(`clients/${expired}/consensusStates/1-10/${meta}`)).toEqual(
        await rawKey(`clients/${substitute}/consensusStates/1-10/${meta}`),
      );
    }
    // The subject's old consensus state stays.
    expect(ConsensusState.decode(consensus(expired, 3).value)).toEqual(consensusStateAt(3));
    // And it updates again from the recovered trusted state.
    const res = await chain.deliver(
      alice,
      [
        pack("/ibc.core.client.v1.MsgUpdateClient", tx.MsgUpdateClient, {
          clientId: expired,
          clientMessage: { typeUrl: "/ibc.lightclients.tendermint.v1.Header", value: Header.encode(updateHeader(12, 10)).finish() },
          signer: alice.address,
        }),
      ],
      GAS,
    );
    expect(res.code, res.log).toBe(0);
    expect(client(expired).latestHeight).toEqual(ibcHeight(12));
  });

  it("recovers a client frozen by misbehaviour and unfreezes it", async () => {
    const frozen = await create(10);
    const fork = forgeBlock(12, (h) => (h.appHash = Uint8Array.of(7, 7, 7)));
    const misbehaviour = Misbehaviour.encode({
      clientId: frozen,
      header1: updateHeader(12, 10),
      header2: { ...updateHeader(12, 10), signedHeader: fork.signedHeader },
    }).finish();
    const res = await chain.deliver(
      alice,
      [
        pack("/ibc.core.client.v1.MsgSubmitMisbehaviour", tx.MsgSubmitMisbehaviour, {
          clientId: frozen,
          misbehaviour: { typeUrl: "/ibc.lightclients.tendermint.v1.Misbehaviour", value: misbehaviour },
          signer: alice.address,
        }),
      ],
      GAS,
    );
    expect(res.code, res.log).toBe(0);
    expect(status(frozen)).toBe("Frozen");
    const newer = await create(14);
    expect(await chain.govExec([recoverMsg(frozen, newer)])).toEqual({ code: 0, codespace: "", log: "" });
    expect(status(frozen)).toBe("Active");
    expect(client(frozen).frozenHeight).toEqual({ revisionNumber: 0n, revisionHeight: 0n });
    expect(client(frozen).latestHeight).toEqual(ibcHeight(14));
  });
});
