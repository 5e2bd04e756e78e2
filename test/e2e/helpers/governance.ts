import { expect } from "vitest";
import { DirectSecp256k1HdWallet, makeCosmoshubPath } from "@cosmjs/proto-signing";
import type { SigningStargateClient } from "@cosmjs/stargate";
import { ProposalStatus, VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryProposalRequest, QueryProposalResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { MsgSubmitProposalResponse } from "cosmjs-types/cosmos/gov/v1/tx";
import { DEV_FAUCET_MNEMONIC } from "../../../src/cli/dev-keys";
import { abciQuery, mustDeliver, signingClient } from "./validator-set";

export const YML = 1_000_000n;
export const uyml = (amount: bigint) => ({ denom: "uyml", amount: amount.toString() });

export interface Account {
  address: string;
  client: SigningStargateClient;
}

/** Account `index` of a mnemonic (the dev faucet's by default: 0 is the faucet, 1..n the localnet's operators). */
export async function accountAt(url: string, index: number, mnemonic = DEV_FAUCET_MNEMONIC): Promise<Account> {
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: "yml", hdPaths: [makeCosmoshubPath(index)] });
  const [{ address }] = await wallet.getAccounts();
  return { address, client: await signingClient(url, wallet) };
}

/**
 * Submits a proposal carrying `messages` (packed Anys) from `proposer`, every voter votes YES,
 * and waits (polling `url`) until it passed.
 */
export async function passProposal(
  url: string,
  proposer: Account,
  voters: readonly Account[],
  messages: Array<{ typeUrl: string; value: Uint8Array }>,
  title: string,
  timeoutMs = 120_000,
): Promise<void> {
  const submitted = await mustDeliver(proposer.client, proposer.address, [
    {
      typeUrl: "/cosmos.gov.v1.MsgSubmitProposal",
      value: {
        messages,
        initialDeposit: [uyml(10n * YML)],
        proposer: proposer.address,
        metadata: "",
        title,
        summary: `e2e: ${title}`,
        expedited: false,
      },
    },
  ]);
  const proposalId = MsgSubmitProposalResponse.decode(submitted.msgResponses[0].value).proposalId;
  await Promise.all(
    voters.map((v) =>
      mustDeliver(v.client, v.address, [
        { typeUrl: "/cosmos.gov.v1.MsgVote", value: { proposalId, voter: v.address, option: VoteOption.VOTE_OPTION_YES, metadata: "" } },
      ]),
    ),
  );
  const deadline = Date.now() + timeoutMs;
  let status = ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD;
  while (status === ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 1_000));
    status = (await abciQuery(url, "/cosmos.gov.v1.Query/Proposal", QueryProposalRequest, { proposalId }, QueryProposalResponse)).proposal!
      .status;
  }
  expect(status).toBe(ProposalStatus.PROPOSAL_STATUS_PASSED);
}
