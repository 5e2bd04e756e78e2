import { Deposit, Params, Proposal, ProposalStatus, Vote, type WeightedVoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { Schema } from "../../store/collections";
import { bytesKey, int64Key, pairKey, protoValue, stringValue, tripleKey, uint32Key, uint64Key } from "../../store/codecs";
import { accAddress, moduleAddress } from "../../types/address";
import type { AnyMsg, Timestamp } from "../../types/codec";
import { addCoins, coinsFromProto, coinsToProto, formatCoins, normalizeCoins, type Coin } from "../../types/coins";
import type { Context } from "../../types/context";
import { decMulTruncate, decFromInt, decTruncate } from "../../types/dec";
import { AppError, sdkErrors } from "../../types/errors";
import type { MsgRouter } from "../../types/module";
import { govErrors } from "./errors";
import { govEvents } from "./events";
import { defaultGovParams, MAX_METADATA_LEN, MAX_SUMMARY_LEN, parseGovDec } from "./params";
import { addDuration, compareTime } from "../../types/time";
import type { AccountKeeper, BankKeeper, StakingKeeper } from "./expected-keepers";
import { GovSettlement } from "./settlement";

export const GOV_MODULE = "gov";

const timeQueueKey = tripleKey(int64Key, uint32Key, uint64Key);
type QueueKey = [bigint, number, bigint];
const queueKey = (t: Timestamp, id: bigint): QueueKey => [t.seconds, t.nanos, id];

const utf8Length = (s: string) => Buffer.byteLength(s, "utf8");

/**
 * Proposals, deposits and votes as x/gov v1 keeps them: proposals wait in the inactive queue
 * (by deposit end time) until their deposit reaches the minimum, then in the active queue
 * (by voting end time) until the end blocker tallies them.
 */
export class GovKeeper {
  private readonly schema = new Schema("gov/");
  readonly proposals = this.schema.map(1, "proposals", uint64Key, protoValue(Proposal, "Proposal"));
  readonly inactiveQueue = this.schema.keySet(2, "inactive_proposals_queue", timeQueueKey);
  readonly activeQueue = this.schema.keySet(3, "active_proposals_queue", timeQueueKey);
  readonly voterKey = pairKey(uint64Key, bytesKey);
  readonly deposits = this.schema.map(4, "deposits", this.voterKey, protoValue(Deposit, "Deposit"));
  readonly votes = this.schema.map(5, "votes", this.voterKey, protoValue(Vote, "Vote"));
  readonly params = this.schema.item(6, "params", protoValue(Params, "Params"), defaultGovParams());
  readonly proposalId = this.schema.sequence(7, "proposal_id", 1n);
  readonly constitution = this.schema.item(8, "constitution", stringValue, "");
  /** End-block dropping and tallying, and the tally (settlement.ts). */
  readonly settlement = new GovSettlement(this);
  private router: MsgRouter | undefined;

  constructor(
    readonly bank: BankKeeper,
    readonly auth: AccountKeeper,
    readonly staking: StakingKeeper,
  ) {}

  bindRouter(router: MsgRouter): void {
    this.router = router;
  }

  msgRouter(): MsgRouter {
    if (!this.router) throw sdkErrors.ErrLogic.wrap("gov: message router not bound");
    return this.router;
  }

  endBlock(ctx: Context): void {
    this.settlement.endBlock(ctx);
  }

  moduleAddress(): string {
    return moduleAddress(GOV_MODULE);
  }

  getParams(ctx: Context): Params {
    return this.params.get(ctx);
  }

  getProposal(ctx: Context, id: bigint): Proposal | undefined {
    return this.proposals.get(ctx, id);
  }

  setProposal(ctx: Context, p: Proposal): void {
    this.proposals.set(ctx, p.id, p);
  }

  /** Keeper.SubmitProposal: every message routable, valid, and signed by gov alone. */
  submitProposal(
    ctx: Context,
    messages: AnyMsg[],
    metadata: string,
    title: string,
    summary: string,
    proposer: string,
    expedited: boolean,
  ): Proposal {
    this.assertMetadataLength(metadata);
    if (utf8Length(summary) > MAX_SUMMARY_LEN) throw govErrors.ErrSummaryTooLong.wrap(`got summary with length ${utf8Length(summary)}`);
    this.assertMetadataLength(title);
    const router = this.msgRouter();
    const gov = this.moduleAddress();
    for (const msg of messages) {
      if (!router.has(msg.typeUrl)) throw govErrors.ErrUnroutableProposalMsg.wrap(msg.typeUrl.slice(0, 200));
      let signers: string[];
      try {
        // Runs the message's stateless validation: a refusal keeps the module's own error, so
        // a proposal that could only fail after its voting period is refused now.
        signers = router.signersOf(msg);
      } catch (e) {
        if (e instanceof AppError && !sdkErrors.ErrTxDecode.is(e)) throw e;
        throw govErrors.ErrInvalidProposalMsg.wrap((e as Error).message);
      }
      if (signers.length !== 1) throw govErrors.ErrInvalidSigner.wrap("");
      if (signers[0] !== gov) throw govErrors.ErrInvalidSigner.wrap(signers[0]);
    }
    const params = this.getParams(ctx);
    const id = this.proposalId.next(ctx);
    const submitTime = ctx.time;
    const proposal = Proposal.fromPartial({
      id,
      messages,
      status: ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD,
      finalTallyResult: { yesCount: "0", abstainCount: "0", noCount: "0", noWithVetoCount: "0" },
      submitTime,
      depositEndTime: addDuration(submitTime, params.maxDepositPeriod!),
      totalDeposit: [],
      metadata,
      title,
      summary,
      proposer,
      expedited,
    });
    this.setProposal(ctx, proposal);
    this.inactiveQueue.set(ctx, queueKey(proposal.depositEndTime!, id));
    govEvents.submit(ctx, id, messages.map((m) => `,${m.typeUrl}`).join(""));
    return proposal;
  }

  assertMetadataLength(metadata: string): void {
    if (metadata !== "" && utf8Length(metadata) > MAX_METADATA_LEN)
      throw govErrors.ErrMetadataTooLong.wrap(`got metadata with length ${utf8Length(metadata)}`);
  }

  minDepositOf(params: Params, expedited: boolean): Coin[] {
    return coinsFromProto(expedited ? params.expeditedMinDeposit : params.minDeposit);
  }

  validateDepositDenom(params: Params, amount: readonly Coin[]): void {
    const accepted = params.minDeposit.map((c) => c.denom);
    for (const c of amount) {
      if (!accepted.includes(c.denom)) {
        throw govErrors.ErrInvalidDepositDenom.wrap(
          `deposited ${c.amount}${c.denom}, but gov accepts only the following denom(s): [${accepted.join(" ")}]`,
        );
      }
    }
  }

  /** Keeper.AddDeposit; returns true when this deposit opened the voting period. */
  addDeposit(ctx: Context, proposalId: bigint, depositor: string, amount: Coin[]): boolean {
    const proposal = this.getProposal(ctx, proposalId);
    if (!proposal) throw govErrors.ErrUnknownProposal.wrap(`proposal ${proposalId} doesn't exist`);
    const { status } = proposal;
    if (status !== ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD && status !== ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD) {
      throw govErrors.ErrInactiveProposal.wrap(`${proposalId}`);
    }
    const params = this.getParams(ctx);
    const minDeposit = this.minDepositOf(params, proposal.expedited);
    this.validateDepositDenom(params, amount);
    const ratio = parseGovDec(params.minDepositRatio, "min deposit ratio");
    if (ratio !== 0n) {
      // One accepted denom reaching its share of the minimum is enough, as in the SDK.
      const thresholds = minDeposit.map((m) => ({ denom: m.denom, amount: decTruncate(decMulTruncateExact(m.amount, ratio)) }));
      const met = thresholds.some((t) => {
        const given = amount.find((c) => c.denom === t.denom);
        return given !== undefined && given.amount >= t.amount;
      });
      if (!met) {
        throw govErrors.ErrMinDepositTooSmall.wrap(
          `received ${formatCoins(amount)} but need at least one of the following: ${thresholds.map((t) => `${t.amount}${t.denom}`).join(",")}`,
        );
      }
    }
    if (amount.length > 0) this.bank.sendCoinsFromAccountToModule(ctx, depositor, GOV_MODULE, amount);
    const total = addCoins(coinsFromProto(proposal.totalDeposit), amount);
    proposal.totalDeposit = coinsToProto(total);
    this.setProposal(ctx, proposal);
    let activated = false;
    if (proposal.status === ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD && coinsAllGte(total, minDeposit)) {
      this.activateVotingPeriod(ctx, proposal);
      activated = true;
    }
    const key: [bigint, Uint8Array] = [proposalId, accAddress.decode(depositor)];
    const existing = this.deposits.get(ctx, key);
    const deposited = existing ? addCoins(coinsFromProto(existing.amount), amount) : amount;
    govEvents.deposit(ctx, proposalId, depositor, amount);
    this.deposits.set(ctx, key, { proposalId, depositor, amount: coinsToProto(deposited) });
    return activated;
  }

  activateVotingPeriod(ctx: Context, proposal: Proposal): void {
    const params = this.getParams(ctx);
    const start = ctx.time;
    proposal.votingStartTime = start;
    proposal.votingEndTime = addDuration(start, (proposal.expedited ? params.expeditedVotingPeriod : params.votingPeriod)!);
    proposal.status = ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD;
    this.setProposal(ctx, proposal);
    this.inactiveQueue.remove(ctx, queueKey(proposal.depositEndTime!, proposal.id));
    this.activeQueue.set(ctx, queueKey(proposal.votingEndTime, proposal.id));
  }

  /** Keeper.AddVote: options are already checked by the message handler. */
  addVote(ctx: Context, proposalId: bigint, voter: string, options: WeightedVoteOption[], metadata: string): void {
    const proposal = this.getProposal(ctx, proposalId);
    if (proposal?.status !== ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD) throw govErrors.ErrInactiveProposal.wrap(`${proposalId}`);
    this.assertMetadataLength(metadata);
    this.votes.set(ctx, [proposalId, accAddress.decode(voter)], { proposalId, voter, options, metadata });
    govEvents.vote(ctx, proposalId, voter, options);
  }

  /** Keeper.CancelProposal: charges the cancel ratio of every deposit and deletes the proposal. */
  cancelProposal(ctx: Context, proposalId: bigint, proposer: string): void {
    const proposal = this.getProposal(ctx, proposalId);
    if (!proposal) throw govErrors.ErrUnknownProposal.wrap(`proposal ${proposalId} doesn't exist`);
    if (proposal.proposer === "")
      throw govErrors.ErrInvalidProposal.wrap(`proposal ${proposalId} doesn't have proposer ${proposer}, so cannot be canceled`);
    if (proposal.proposer !== proposer) throw govErrors.ErrInvalidProposer.wrap(`invalid proposer ${proposer}`);
    const { status } = proposal;
    if (status !== ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD && status !== ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD) {
      throw govErrors.ErrInvalidProposal.wrap("proposal should be in the deposit or voting period");
    }
    if (proposal.votingEndTime && compareTime(proposal.votingEndTime, ctx.time) < 0) {
      throw govErrors.ErrVotingPeriodEnded.wrap(`voting period is already ended for this proposal ${proposalId}`);
    }
    const params = this.getParams(ctx);
    this.chargeDeposit(ctx, proposalId, params.proposalCancelDest, parseGovDec(params.proposalCancelRatio, "proposal cancel ratio"));
    if (proposal.votingStartTime) this.deleteVotes(ctx, proposalId);
    this.deleteProposal(ctx, proposalId);
  }

  /** Keeper.ChargeDeposit: rate × each deposit (truncated) is burned or sent to `dest`; the rest refunded. */
  chargeDeposit(ctx: Context, proposalId: bigint, dest: string, rate: bigint): void {
    let charges: Coin[] = [];
    for (const [key, deposit] of this.depositsOf(ctx, proposalId)) {
      const remaining: Coin[] = [];
      for (const c of coinsFromProto(deposit.amount)) {
        const charge = decTruncate(decMulTruncateExact(c.amount, rate));
        remaining.push({ denom: c.denom, amount: c.amount - charge });
        charges = addCoins(charges, [{ denom: c.denom, amount: charge }]);
      }
      const refund = normalizeCoins(remaining);
      if (refund.length > 0) this.bank.sendCoinsFromModuleToAccount(ctx, GOV_MODULE, deposit.depositor, refund);
      this.deposits.remove(ctx, key);
    }
    if (charges.length === 0) return;
    // No distribution module on this chain: an empty destination burns, any other is an account.
    if (dest === "") this.bank.burnCoins(ctx, GOV_MODULE, charges);
    else this.bank.sendCoinsFromModuleToAccount(ctx, GOV_MODULE, dest, charges);
  }

  refundAndDeleteDeposits(ctx: Context, proposalId: bigint): void {
    for (const [key, deposit] of this.depositsOf(ctx, proposalId)) {
      const amount = coinsFromProto(deposit.amount);
      if (amount.length > 0) this.bank.sendCoinsFromModuleToAccount(ctx, GOV_MODULE, deposit.depositor, amount);
      this.deposits.remove(ctx, key);
    }
  }

  deleteAndBurnDeposits(ctx: Context, proposalId: bigint): void {
    let burn: Coin[] = [];
    for (const [key, deposit] of this.depositsOf(ctx, proposalId)) {
      burn = addCoins(burn, coinsFromProto(deposit.amount));
      this.deposits.remove(ctx, key);
    }
    if (burn.length > 0) this.bank.burnCoins(ctx, GOV_MODULE, burn);
  }

  depositsOf(ctx: Context, proposalId: bigint): Array<[[bigint, Uint8Array], Deposit]> {
    return [...this.deposits.iterate(ctx, { prefix: this.voterKey.prefix(proposalId) })];
  }

  votesOf(ctx: Context, proposalId: bigint): Vote[] {
    return [...this.votes.iterate(ctx, { prefix: this.voterKey.prefix(proposalId) })].map(([, v]) => v);
  }

  deleteVotes(ctx: Context, proposalId: bigint): void {
    for (const key of [...this.votes.keys(ctx, { prefix: this.voterKey.prefix(proposalId) })]) this.votes.remove(ctx, key);
  }

  deleteProposal(ctx: Context, proposalId: bigint): void {
    const proposal = this.getProposal(ctx, proposalId);
    if (!proposal) return;
    if (proposal.depositEndTime) this.inactiveQueue.remove(ctx, queueKey(proposal.depositEndTime, proposalId));
    if (proposal.votingEndTime) this.activeQueue.remove(ctx, queueKey(proposal.votingEndTime, proposalId));
    this.proposals.remove(ctx, proposalId);
  }

  /** Ids in a queue whose time is at or before `until` (the end blocker's inclusive range). */
  dueIds(ctx: Context, queue: "inactive" | "active", until: Timestamp): bigint[] {
    const set = queue === "inactive" ? this.inactiveQueue : this.activeQueue;
    const out: bigint[] = [];
    for (const [seconds, nanos, id] of set.iterate(ctx)) {
      if (compareTime({ seconds, nanos }, until) > 0) break;
      out.push(id);
    }
    return out;
  }

  enqueueActive(ctx: Context, proposal: Proposal): void {
    this.activeQueue.set(ctx, queueKey(proposal.votingEndTime!, proposal.id));
  }

  dequeueActive(ctx: Context, proposal: Proposal): void {
    this.activeQueue.remove(ctx, queueKey(proposal.votingEndTime!, proposal.id));
  }

  enqueueInactive(ctx: Context, proposal: Proposal): void {
    this.inactiveQueue.set(ctx, queueKey(proposal.depositEndTime!, proposal.id));
  }
}

/** Int × Dec as LegacyDec does it (exact: an Int has no fractional digits), still scaled by 10^18. */
function decMulTruncateExact(amount: bigint, ratio: bigint): bigint {
  return decMulTruncate(decFromInt(amount), ratio);
}

/** sdk.Coins.IsAllGTE: every coin of `want` covered; an empty `have` covers only an empty `want`. */
export function coinsAllGte(have: readonly Coin[], want: readonly Coin[]): boolean {
  if (want.length === 0) return true;
  if (have.length === 0) return false;
  return want.every((w) => (have.find((h) => h.denom === w.denom)?.amount ?? 0n) >= w.amount);
}
