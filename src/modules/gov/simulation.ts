import { ProposalStatus, VoteOption, type Proposal } from "cosmjs-types/cosmos/gov/v1/gov";
import * as tx from "cosmjs-types/cosmos/gov/v1/tx";
import { addCoins, coinsCover, coinsFromProto, formatCoins, type Coin } from "../../types/coins";
import { OpenRecords, otherAccount, simMsg, type ModuleSimulation, type SimState } from "../../types/simulation";
import type { GovKeeper } from "./keeper";
import { GOV_MODULE } from "./keeper";

/** Open proposals, read from the queues (decided proposals stay in state, so scanning them all grows with the run). */
export function openProposals(
  k: GovKeeper,
  s: { ctx: SimState["ctx"] },
  status: ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD | ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD,
): Proposal[] {
  const queue = status === ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD ? k.inactiveQueue : k.activeQueue;
  return [...queue.iterate(s.ctx)].map(([, , id]) => k.getProposal(s.ctx, id)).filter((p): p is Proposal => p?.status === status);
}

/**
 * Gov operations by random accounts (text proposals with random deposits, deposits, weighted
 * votes; invalid: vote or deposit on a missing proposal, wrong signer). Authority messages of
 * every module reach gov as proposals the runner submits (SimTx.authority) and the
 * validators vote on. Invariants: the gov account holds exactly the recorded deposits, and
 * each proposal's queue agrees with its status.
 */
export function govSimulation(k: GovKeeper): ModuleSimulation {
  // Decided proposals stay in state: the queue check reads the open ones and a rolling window of the rest.
  const tracked = new OpenRecords<Proposal>(
    (p) => p.status === ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD || p.status === ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD,
  );
  return {
    operations: [
      {
        name: "gov/submit-text-proposal",
        weight: 2,
        build: (s) => {
          const proposer = s.rng.pick(s.accounts);
          const min = k.getParams(s.ctx).minDeposit.find((c) => c.denom === s.bondDenom);
          const full = BigInt(min?.amount ?? "0");
          // Sometimes a quarter of the minimum (stays in the deposit period), else all of it.
          const deposit = s.rng.oneIn(3) ? full / 4n : full;
          const msg = simMsg("/cosmos.gov.v1.MsgSubmitProposal", tx.MsgSubmitProposal, {
            messages: [],
            initialDeposit: [{ denom: s.bondDenom, amount: deposit.toString() }],
            proposer,
            metadata: `sim-${s.rng.int(1_000_000)}`,
            title: "sim text proposal",
            summary: "a proposal without messages",
            expedited: false,
          });
          return { signer: proposer, msgs: [msg], expect: "ok" };
        },
      },
      {
        name: "gov/deposit",
        weight: 3,
        build: (s) => {
          const open = openProposals(k, s, ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD);
          if (open.length === 0) return undefined;
          const p = s.rng.pick(open);
          const depositor = s.rng.pick(s.accounts);
          const min = BigInt(k.getParams(s.ctx).minDeposit.find((c) => c.denom === s.bondDenom)?.amount ?? "1");
          const msg = simMsg("/cosmos.gov.v1.MsgDeposit", tx.MsgDeposit, {
            proposalId: p.id,
            depositor,
            amount: [{ denom: s.bondDenom, amount: (1n + s.rng.bigint(min)).toString() }],
          });
          return { signer: depositor, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "gov/vote",
        weight: 5,
        build: (s) => {
          const open = openProposals(k, s, ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD);
          if (open.length === 0) return undefined;
          const voter = s.rng.pick(s.accounts);
          const option = s.rng.pick([
            VoteOption.VOTE_OPTION_YES,
            VoteOption.VOTE_OPTION_ABSTAIN,
            VoteOption.VOTE_OPTION_NO,
            VoteOption.VOTE_OPTION_NO_WITH_VETO,
          ]);
          const msg = simMsg("/cosmos.gov.v1.MsgVote", tx.MsgVote, { proposalId: s.rng.pick(open).id, voter, option, metadata: "" });
          return { signer: voter, msgs: [msg], expect: "ok" };
        },
      },
      {
        name: "gov/vote-missing-proposal",
        weight: 1,
        build: (s) => {
          const voter = s.rng.pick(s.accounts);
          const msg = simMsg("/cosmos.gov.v1.MsgVote", tx.MsgVote, {
            proposalId: k.proposalId.peek(s.ctx) + 1000n,
            voter,
            option: VoteOption.VOTE_OPTION_YES,
            metadata: "",
          });
          return { signer: voter, msgs: [msg], expect: "fail" };
        },
      },
      {
        name: "gov/vote-wrong-signer",
        weight: 1,
        build: (s) => {
          const open = openProposals(k, s, ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD);
          if (open.length === 0) return undefined;
          const voter = s.rng.pick(s.accounts);
          const msg = simMsg("/cosmos.gov.v1.MsgVote", tx.MsgVote, {
            proposalId: open[0].id,
            voter,
            option: VoteOption.VOTE_OPTION_YES,
            metadata: "",
          });
          return { signer: voter, signWith: otherAccount(s, voter), msgs: [msg], expect: "fail" };
        },
      },
    ],
    invariants: [
      {
        name: "gov/module-account-deposits",
        check: (ctx) => {
          let recorded: Coin[] = [];
          for (const [, d] of k.deposits.iterate(ctx)) {
            if (!k.proposals.has(ctx, d.proposalId)) return `deposit of ${d.depositor} on missing proposal ${d.proposalId}`;
            recorded = addCoins(recorded, coinsFromProto(d.amount));
          }
          const held = k.bank.getAllBalances(ctx, k.moduleAddress());
          // At least the deposits, as the SDK's invariant: plain sends to the gov account are allowed
          // (it is not a blocked address), so anyone may add to it, and that must not break a node.
          return coinsCover(held, recorded)
            ? undefined
            : `${GOV_MODULE} account holds ${formatCoins(held) || "nothing"}, deposits record ${formatCoins(recorded) || "nothing"}`;
        },
      },
      {
        name: "gov/queues-match-status",
        check: (ctx) => {
          const { open, closed, reopened } = tracked.read(ctx, k.proposals, k.proposalId.peek(ctx) - 1n);
          if (reopened.length > 0) return `decided proposal ${reopened[0]} is open again`;
          for (const [, p] of [...open, ...closed]) {
            const inDeposit = p.status === ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD;
            const inVoting = p.status === ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD;
            const queuedInactive =
              p.depositEndTime !== undefined && k.inactiveQueue.has(ctx, [p.depositEndTime.seconds, p.depositEndTime.nanos, p.id]);
            const queuedActive =
              p.votingEndTime !== undefined && k.activeQueue.has(ctx, [p.votingEndTime.seconds, p.votingEndTime.nanos, p.id]);
            if (inDeposit !== queuedInactive)
              return `proposal ${p.id} (status ${p.status}) ${queuedInactive ? "is" : "is not"} in the deposit queue`;
            if (inVoting !== queuedActive)
              return `proposal ${p.id} (status ${p.status}) ${queuedActive ? "is" : "is not"} in the voting queue`;
          }
          for (const [, , id] of k.activeQueue.iterate(ctx)) {
            if (k.proposals.get(ctx, id)?.status !== ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD)
              return `voting queue holds proposal ${id}, which is missing or not in its voting period`;
          }
          for (const [, , id] of k.inactiveQueue.iterate(ctx)) {
            if (k.proposals.get(ctx, id)?.status !== ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD)
              return `deposit queue holds proposal ${id}, which is missing or not in its deposit period`;
          }
          return undefined;
        },
      },
    ],
  };
}
