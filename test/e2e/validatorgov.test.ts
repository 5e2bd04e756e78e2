import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DirectSecp256k1HdWallet, makeCosmoshubPath } from "@cosmjs/proto-signing";
import type { SigningStargateClient } from "@cosmjs/stargate";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { ProposalStatus, VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryProposalRequest, QueryProposalResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { MsgSubmitProposalResponse } from "cosmjs-types/cosmos/gov/v1/tx";
import { QueryAllDemotionRequest, QueryAllDemotionResponse } from "../../src/gen/blockchain/validatorgov/v1/query";
import { MsgSetValidatorPower } from "../../src/gen/blockchain/validatorgov/v1/tx";
import { DEV_FAUCET_MNEMONIC } from "../../src/cli/dev-keys";
import { appHashAt, latestHeight, waitForHeight } from "../../src/cli/localnet";
import { moduleAddress } from "../../src/types/address";
import { startLocalnet } from "./helpers";
import { abciQuery, cometPowers, consensusKeyOf, mustDeliver, signingClient, waitForCometPower, waitForSignedBlock } from "./helpers/validator-set";

const YML = 1_000_000n;
const uyml = (amount: bigint) => ({ denom: "uyml", amount: amount.toString() });
const JURISDICTIONS = ["DE", "FR", "IT", "ES"];

interface Account {
  address: string;
  client: SigningStargateClient;
}

async function accountAt(url: string, index: number): Promise<Account> {
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(DEV_FAUCET_MNEMONIC, { prefix: "yml", hdPaths: [makeCosmoshubPath(index)] });
  const [{ address }] = await wallet.getAccounts();
  return { address, client: await signingClient(url, wallet) };
}

describe("validatorgov on real CometBFT: a concentration breach demotes a validator and clearing it restores the validator", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>>;
  let node0: string;
  let faucet: Account;
  let operators: Account[];

  async function passProposal(messages: Array<{ typeUrl: string; value: Uint8Array }>, title: string): Promise<void> {
    const submitted = await mustDeliver(faucet.client, faucet.address, [{
      typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
      value: { messages, initialDeposit: [uyml(10n * YML)], proposer: faucet.address, metadata: "", title, summary: `e2e: ${title}`, expedited: false },
    }]);
    const proposalId = MsgSubmitProposalResponse.decode(submitted.msgResponses[0].value).proposalId;
    await Promise.all(operators.map((op) =>
      mustDeliver(op.client, op.address, [{ typeUrl: "/cosmos.gov.v1.MsgVote", value: { proposalId, voter: op.address, option: VoteOption.VOTE_OPTION_YES, metadata: "" } }]),
    ));
    const deadline = Date.now() + 120_000;
    let status = ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD;
    while (status === ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 1_000));
      status = (await abciQuery(node0, "/cosmos.gov.v1.Query/Proposal", QueryProposalRequest, { proposalId }, QueryProposalResponse)).proposal!.status;
    }
    expect(status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
  }

  const seats = (validator: string, n: bigint) => ({
    typeUrl: "/blockchain.validatorgov.v1.MsgSetValidatorPower",
    value: MsgSetValidatorPower.encode({ authority: moduleAddress("gov"), validator, seats: n }).finish(),
  });

  beforeAll(async () => {
    net = await startLocalnet({
      validators: 4,
      basePort: 24657,
      // Each genesis validator declares its own country; one legal entity may hold at most 40%.
      mutateGenesis: (s) => {
        s.validatorgov.validator_application_map.forEach((a: any, i: number) => (a.declaration.jurisdiction = JURISDICTIONS[i]));
        s.validatorgov.approved_validator_map.forEach((a: any, i: number) => (a.declaration.jurisdiction = JURISDICTIONS[i]));
        Object.assign(s.constitution.invariants, {
          max_entity_power_bps: "4000", max_beneficial_owner_power_bps: "4000", max_jurisdiction_power_bps: "4000",
          concentration_epoch_blocks: "10", min_active_validators: 3,
        });
      },
    });
    node0 = net.nodes[0].rpcUrl;
    await Promise.all(net.nodes.map((n) => waitForHeight(n.rpcUrl, 2, 120_000)));
    faucet = await accountAt(node0, 0);
    operators = await Promise.all(net.nodes.map((_, i) => accountAt(node0, i + 1)));
    await mustDeliver(faucet.client, faucet.address, [{
      typeUrl: "/cosmos.bank.v1beta1.MsgSend", value: MsgSend.fromPartial({ fromAddress: faucet.address, toAddress: moduleAddress("validatorgov"), amount: [uyml(50n * YML)] }),
    }]);
  });

  afterAll(async () => {
    await net?.cleanup();
  });

  it("seats granted by governance breach the entity ceiling; the next epoch jails the validator, which stops signing, and the chain goes on", async () => {
    const key = consensusKeyOf(net.nodes[0].home);
    // 10 + 15 seats = 25 of 55: 45% > 40%.
    await passProposal([seats(operators[0].address, 15n)], "Seats for node 0");
    await waitForCometPower(node0, key.address, 25n, 60_000);
    const gone = await waitForCometPower(node0, key.address, 0n, 90_000);
    const demotions = (await abciQuery(node0, "/blockchain.validatorgov.v1.Query/ListDemotion", QueryAllDemotionRequest, { pagination: undefined }, QueryAllDemotionResponse)).demotion;
    expect(demotions.map((d) => [d.operator, d.group, d.jailedValidator])).toEqual([[operators[0].address, operators[0].address, true]]);
    expect([...(await cometPowers(node0)).values()]).toEqual([10n, 10n, 10n]);
    await Promise.all(net.nodes.map((n) => waitForHeight(n.rpcUrl, gone + 3, 60_000)));
  });

  it("clearing the breach through governance restores it at the next epoch; it signs again and every node agrees on the app hash", async () => {
    const key = consensusKeyOf(net.nodes[0].home);
    // 10 + 1 seat = 11 of 41: 26.8%.
    await passProposal([seats(operators[0].address, 1n)], "Fewer seats for node 0");
    const back = await waitForCometPower(node0, key.address, 11n, 90_000);
    await waitForSignedBlock(node0, key.address, back, 60_000);
    const h = (await latestHeight(node0)) - 1;
    await Promise.all(net.nodes.map((n) => waitForHeight(n.rpcUrl, h, 60_000)));
    const hashes = await Promise.all(net.nodes.map((n) => appHashAt(n.rpcUrl, h)));
    expect(new Set(hashes).size).toBe(1);
  });
});
