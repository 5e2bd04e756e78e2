import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DirectSecp256k1HdWallet, makeCosmoshubPath } from "@cosmjs/proto-signing";
import type { SigningStargateClient } from "@cosmjs/stargate";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { ProposalStatus, VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryProposalRequest, QueryProposalResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { MsgSubmitProposalResponse } from "cosmjs-types/cosmos/gov/v1/tx";
import { MsgApplyValidator, MsgApproveValidator } from "../../src/gen/blockchain/validatorgov/v1/tx";
import { QueryValidatorRequest, QueryValidatorResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { BondStatus } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { DEV_FAUCET_ADDRESS, DEV_FAUCET_MNEMONIC } from "../../src/cli/dev-keys";
import { appHashAt, latestHeight, localnetOperator, waitForHeight, type LocalnetNode } from "../../src/cli/localnet";
import { accAddress, moduleAddress, valAddress } from "../../src/types/address";
import { balanceOf, startLocalnet, waitForTx } from "./helpers";
import {
  abciQuery,
  cometPowers,
  consensusKeyOf,
  createValidatorMsg,
  mustDeliver,
  signingClient,
  validatorUpdatesAt,
  waitForCometPower,
  waitForSignedBlock,
  type ConsensusKey,
} from "./helpers/validator-set";

const DENOM = "uyml";
const YML = 1_000_000n;
const uyml = (amount: bigint) => ({ denom: DENOM, amount: amount.toString() });

interface Account {
  address: string;
  client: SigningStargateClient;
}

async function newAccount(url: string): Promise<Account> {
  const wallet = await DirectSecp256k1HdWallet.generate(12, { prefix: "yml" });
  const [{ address }] = await wallet.getAccounts();
  return { address, client: await signingClient(url, wallet) };
}

async function accountAt(url: string, mnemonic: string, index: number): Promise<Account> {
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: "yml", hdPaths: [makeCosmoshubPath(index)] });
  const [{ address }] = await wallet.getAccounts();
  return { address, client: await signingClient(url, wallet) };
}

const valoperOf = (account: string) => valAddress.encode(accAddress.decode(account));

const send = (from: string, to: string, amount: bigint) => ({
  typeUrl: "/cosmos.bank.v1beta1.MsgSend",
  value: MsgSend.fromPartial({ fromAddress: from, toAddress: to, amount: [uyml(amount)] }),
});

const delegateMsg = (
  typeUrl: "/cosmos.staking.v1beta1.MsgDelegate" | "/cosmos.staking.v1beta1.MsgUndelegate",
  delegator: string,
  operator: string,
  amount: bigint,
) => ({
  typeUrl,
  value: { delegatorAddress: delegator, validatorAddress: valoperOf(operator), amount: uyml(amount) },
});

const applyMsg = (operator: string, moniker: string) => ({
  typeUrl: "/blockchain.validatorgov.v1.MsgApplyValidator",
  value: MsgApplyValidator.fromPartial({
    creator: operator,
    moniker,
    description: "e2e joiner",
    legalEntityId: `LEI-${moniker}`,
    beneficialOwnerId: `UBO-${moniker}`,
    jurisdiction: "DE",
  }),
});

const approveMsg = (candidate: string) => ({
  typeUrl: "/blockchain.validatorgov.v1.MsgApproveValidator",
  value: MsgApproveValidator.encode({ authority: moduleAddress("gov"), candidate, approve: true }).finish(),
});

async function stakingValidator(url: string, operator: string) {
  const res = await abciQuery(
    url,
    "/cosmos.staking.v1beta1.Query/Validator",
    QueryValidatorRequest,
    { validatorAddr: valoperOf(operator) },
    QueryValidatorResponse,
  );
  return res.validator;
}

describe("validators joining and leaving the CometBFT validator set (4-validator localnet)", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>>;
  let node0: string;
  let faucet: Account;

  /** Starts a joiner, waits until it has caught up, and checks it computed the same app hash. */
  async function joinAndSync(): Promise<{ node: LocalnetNode; key: ConsensusKey }> {
    const node = await net.addJoiner();
    const target = await latestHeight(node0);
    // A joiner replays the whole chain by block sync; give it room on a loaded 2-core machine.
    await waitForHeight(node.rpcUrl, target + 1, 180_000);
    expect(await appHashAt(node.rpcUrl, target)).toBe(await appHashAt(node0, target));
    return { node, key: consensusKeyOf(node.home) };
  }

  /** Submits a proposal carrying `messages` (packed Anys), the four operators vote YES, waits until it passed. */
  async function passProposal(messages: Array<{ typeUrl: string; value: Uint8Array }>, title: string): Promise<void> {
    const submitted = await mustDeliver(faucet.client, faucet.address, [
      {
        typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
        value: {
          messages,
          initialDeposit: [uyml(10n * YML)],
          proposer: faucet.address,
          metadata: "",
          title,
          summary: `e2e: ${title}`,
          expedited: false,
        },
      },
    ]);
    const proposalId = MsgSubmitProposalResponse.decode(submitted.msgResponses[0].value).proposalId;
    const operators = await Promise.all(net.nodes.map((_, i) => accountAt(node0, DEV_FAUCET_MNEMONIC, i + 1)));
    await Promise.all(
      operators.map((op) =>
        mustDeliver(op.client, op.address, [
          { typeUrl: "/cosmos.gov.v1.MsgVote", value: { proposalId, voter: op.address, option: VoteOption.VOTE_OPTION_YES, metadata: "" } },
        ]),
      ),
    );
    const deadline = Date.now() + 90_000;
    let status = ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD;
    while (status === ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1_000));
      status = (await abciQuery(node0, "/cosmos.gov.v1.Query/Proposal", QueryProposalRequest, { proposalId }, QueryProposalResponse))
        .proposal!.status;
    }
    expect(status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
  }

  /** The admission flow of docs/operators.md: application, then governance approval. */
  async function admit(operator: Account, moniker: string): Promise<void> {
    await mustDeliver(operator.client, operator.address, [applyMsg(operator.address, moniker)]);
    await passProposal([approveMsg(operator.address)], `Admit ${moniker}`);
  }

  beforeAll(async () => {
    net = await startLocalnet({ validators: 4, basePort: 23657 });
    node0 = net.nodes[0].rpcUrl;
    await Promise.all(net.nodes.map((n) => waitForHeight(n.rpcUrl, 2, 120_000)));
    faucet = await accountAt(node0, DEV_FAUCET_MNEMONIC, 0);
    expect(faucet.address).toBe(DEV_FAUCET_ADDRESS);
  });

  afterAll(async () => {
    await net?.cleanup();
  });

  describe("a full node that becomes a validator, then unbonds everything", () => {
    let joiner: { node: LocalnetNode; key: ConsensusKey };
    let operator: Account;
    let delegator: Account;

    it("joins as a full node, syncs, and after MsgCreateValidator plus a delegation is in CometBFT's set and signs blocks", async () => {
      joiner = await joinAndSync();
      expect((await cometPowers(node0)).has(joiner.key.address)).toBe(false);

      [operator, delegator] = await Promise.all([newAccount(node0), newAccount(node0)]);
      await mustDeliver(faucet.client, faucet.address, [
        send(faucet.address, operator.address, 10n * YML),
        send(faucet.address, delegator.address, 10n * YML),
      ]);

      // Not admitted yet: refused before anything is written (the simulation, then CheckTx).
      await expect(
        mustDeliver(operator.client, operator.address, [createValidatorMsg(operator.address, joiner.key, "joiner0", 3n * YML, 2n * YML)]),
      ).rejects.toThrow(/not an approved validator/);
      expect(await stakingValidator(node0, operator.address).catch(() => undefined)).toBeUndefined();
      await admit(operator, "joiner0");

      const created = await mustDeliver(operator.client, operator.address, [
        createValidatorMsg(operator.address, joiner.key, "joiner0", 3n * YML, 2n * YML),
      ]);
      expect((await validatorUpdatesAt(node0, created.height)).get(joiner.key.pubKeyBase64)).toBe(3n);
      const delegated = await mustDeliver(delegator.client, delegator.address, [
        delegateMsg("/cosmos.staking.v1beta1.MsgDelegate", delegator.address, operator.address, 2n * YML),
      ]);
      expect((await validatorUpdatesAt(node0, delegated.height)).get(joiner.key.pubKeyBase64)).toBe(5n);

      // Power is tokens / 10^6: 3 YML self-bonded + 2 YML delegated. CometBFT applies the
      // updates of block H from H + 2 on.
      const inSet = await waitForCometPower(node0, joiner.key.address, 5n);
      expect((await cometPowers(node0, created.height + 1)).has(joiner.key.address)).toBe(false);
      expect((await cometPowers(node0, created.height + 2)).get(joiner.key.address)).toBe(3n);
      expect((await cometPowers(node0, delegated.height + 1)).get(joiner.key.address)).toBe(3n);
      expect((await cometPowers(node0, delegated.height + 2)).get(joiner.key.address)).toBe(5n);
      expect((await cometPowers(node0, inSet)).size).toBe(5);
      const signed = await waitForSignedBlock(node0, joiner.key.address, inSet);
      expect(signed).toBeGreaterThanOrEqual(inSet);

      const v = await stakingValidator(node0, operator.address);
      expect(v).toMatchObject({ status: BondStatus.BOND_STATUS_BONDED, jailed: false, tokens: (5n * YML).toString() });
    });

    it("leaves CometBFT's set (a power 0 update) once all of its stake is undelegated, and the chain goes on", async () => {
      const partly = await mustDeliver(delegator.client, delegator.address, [
        delegateMsg("/cosmos.staking.v1beta1.MsgUndelegate", delegator.address, operator.address, 2n * YML),
      ]);
      expect((await validatorUpdatesAt(node0, partly.height)).get(joiner.key.pubKeyBase64)).toBe(3n);
      const all = await mustDeliver(operator.client, operator.address, [
        delegateMsg("/cosmos.staking.v1beta1.MsgUndelegate", operator.address, operator.address, 3n * YML),
      ]);
      expect((await validatorUpdatesAt(node0, all.height)).get(joiner.key.pubKeyBase64)).toBe(0n);

      const gone = await waitForCometPower(node0, joiner.key.address, 0n);
      expect((await cometPowers(node0, all.height + 1)).get(joiner.key.address)).toBe(3n);
      expect((await cometPowers(node0, all.height + 2)).has(joiner.key.address)).toBe(false);
      expect([...(await cometPowers(node0)).values()]).toEqual([10n, 10n, 10n, 10n]);
      const v = await stakingValidator(node0, operator.address);
      expect(v).toMatchObject({ status: BondStatus.BOND_STATUS_UNBONDING, tokens: "0" });

      // Blocks keep coming from the original four, and the (now non-validating) joiner follows them.
      await waitForHeight(node0, gone + 3);
      const urls = [...net.nodes.map((n) => n.rpcUrl), joiner.node.rpcUrl];
      await Promise.all(urls.map((u) => waitForHeight(u, gone + 2)));
      const hashes = await Promise.all(urls.map((u) => appHashAt(u, gone + 2)));
      expect(new Set(hashes).size).toBe(1);
    });
  });

  it("jailing (self-delegation below min_self_delegation) removes a validator and MsgUnjail brings it back", async () => {
    const { key } = await joinAndSync();
    const operator = await newAccount(node0);
    await mustDeliver(faucet.client, faucet.address, [send(faucet.address, operator.address, 10n * YML)]);
    await admit(operator, "joiner1");
    await mustDeliver(operator.client, operator.address, [createValidatorMsg(operator.address, key, "joiner1", 4n * YML, 3n * YML)]);
    await waitForCometPower(node0, key.address, 4n);

    // 4 - 2 = 2 YML left against a minimum of 3: the SDK jails rather than refuses.
    const dropped = await mustDeliver(operator.client, operator.address, [
      delegateMsg("/cosmos.staking.v1beta1.MsgUndelegate", operator.address, operator.address, 2n * YML),
    ]);
    expect((await validatorUpdatesAt(node0, dropped.height)).get(key.pubKeyBase64)).toBe(0n);
    await waitForCometPower(node0, key.address, 0n);
    expect(await stakingValidator(node0, operator.address)).toMatchObject({
      jailed: true,
      status: BondStatus.BOND_STATUS_UNBONDING,
      tokens: (2n * YML).toString(),
    });

    // Unjailing first needs the self-delegation back at the minimum.
    const unjailMsg = { typeUrl: "/cosmos.slashing.v1beta1.MsgUnjail", value: { validatorAddr: valoperOf(operator.address) } };
    const tooLow = await operator.client.signAndBroadcast(operator.address, [unjailMsg], { amount: [uyml(10_000n)], gas: "300000" });
    const refused = (await waitForTx(node0, tooLow.transactionHash)) as unknown as {
      tx_result: { code: number; codespace: string; log: string };
    };
    expect(refused.tx_result).toMatchObject({ code: 7, codespace: "slashing" });
    expect(refused.tx_result.log).toContain("self delegation less than minimum");

    await mustDeliver(operator.client, operator.address, [
      delegateMsg("/cosmos.staking.v1beta1.MsgDelegate", operator.address, operator.address, 1n * YML),
    ]);
    expect((await cometPowers(node0)).has(key.address)).toBe(false);
    const unjailed = await mustDeliver(operator.client, operator.address, [unjailMsg]);
    expect((await validatorUpdatesAt(node0, unjailed.height)).get(key.pubKeyBase64)).toBe(3n);
    const back = await waitForCometPower(node0, key.address, 3n);
    await waitForSignedBlock(node0, key.address, back);
    expect(await stakingValidator(node0, operator.address)).toMatchObject({
      jailed: false,
      status: BondStatus.BOND_STATUS_BONDED,
      tokens: (3n * YML).toString(),
    });
  });

  it("a gov proposal (MsgSend from the funded gov account) passes on the validators' YES votes and executes", async () => {
    const gov = moduleAddress("gov");
    const recipient = (await newAccount(node0)).address;
    await mustDeliver(faucet.client, faucet.address, [send(faucet.address, gov, 7n * YML)]);
    const govBefore = BigInt(await balanceOf(node0, gov));

    const submitted = await mustDeliver(faucet.client, faucet.address, [
      {
        typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
        value: {
          messages: [
            {
              typeUrl: "/cosmos.bank.v1beta1.MsgSend",
              value: MsgSend.encode(MsgSend.fromPartial({ fromAddress: gov, toAddress: recipient, amount: [uyml(5n * YML)] })).finish(),
            },
          ],
          initialDeposit: [uyml(10n * YML)],
          proposer: faucet.address,
          metadata: "",
          title: "Pay from the community account",
          summary: "e2e: a MsgSend signed by the gov authority",
          expedited: false,
        },
      },
    ]);
    const proposalId = MsgSubmitProposalResponse.decode(submitted.msgResponses[0].value).proposalId;
    expect(proposalId).toBeGreaterThan(0n);

    const operators = await Promise.all(net.nodes.map((_, i) => accountAt(node0, DEV_FAUCET_MNEMONIC, i + 1)));
    for (const [i, op] of operators.entries()) expect(op.address).toBe(await localnetOperator(i));
    await Promise.all(
      operators.map((op) =>
        mustDeliver(op.client, op.address, [
          { typeUrl: "/cosmos.gov.v1.MsgVote", value: { proposalId, voter: op.address, option: VoteOption.VOTE_OPTION_YES, metadata: "" } },
        ]),
      ),
    );
    expect(await balanceOf(node0, recipient)).toBe("0");

    const deadline = Date.now() + 90_000;
    let status = ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD;
    while (status === ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1_000));
      status = (await abciQuery(node0, "/cosmos.gov.v1.Query/Proposal", QueryProposalRequest, { proposalId }, QueryProposalResponse))
        .proposal!.status;
    }
    expect(status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
    expect(await balanceOf(node0, recipient)).toBe((5n * YML).toString());
    expect(BigInt(await balanceOf(node0, gov))).toBe(govBefore - 5n * YML);
  });
});
