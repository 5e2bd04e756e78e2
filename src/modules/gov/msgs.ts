import { Proposal, VoteOption, voteOptionToJSON, type WeightedVoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import * as tx from "cosmjs-types/cosmos/gov/v1/tx";
import { accAddress } from "../../types/address";
import { coinsFromProto, type Coin, type ProtoCoin } from "../../types/coins";
import { DEC_ONE, decFromString, decToString } from "../../types/dec";
import { AppError, sdkErrors } from "../../types/errors";
import { defineAuthorityMsg, defineMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { govErrors } from "./errors";
import { govEvents } from "./events";
import type { GovKeeper } from "./keeper";
import { validateGovParams } from "./params";

const VALID_OPTIONS: readonly number[] = [
  VoteOption.VOTE_OPTION_YES,
  VoteOption.VOTE_OPTION_ABSTAIN,
  VoteOption.VOTE_OPTION_NO,
  VoteOption.VOTE_OPTION_NO_WITH_VETO,
];

function optionName(option: number): string {
  return VALID_OPTIONS.includes(option) || option === 0 ? voteOptionToJSON(option) : String(option);
}

/** validateDeposit of the SDK's msg server: valid and all positive (so never empty). */
function depositCoins(amount: ProtoCoin[]): Coin[] {
  let coins: Coin[];
  try {
    coins = coinsFromProto(amount);
  } catch {
    throw sdkErrors.ErrInvalidCoins.wrap(JSON.stringify(amount).slice(0, 200));
  }
  if (coins.length === 0) throw sdkErrors.ErrInvalidCoins.wrap("empty deposit");
  return coins;
}

/** validateInitialDeposit's first check: valid coins, which may be none. */
function initialDepositCoins(amount: ProtoCoin[]): Coin[] {
  try {
    return coinsFromProto(amount);
  } catch {
    throw sdkErrors.ErrInvalidCoins.wrap(JSON.stringify(amount).slice(0, 200));
  }
}

/**
 * ProposalMetadata (title, summary, ...) as the SDK decodes it with encoding/json: only a JSON
 * object (or null) of the right field types is checked against the proposal's title and summary.
 */
function metadataTitleSummary(metadata: string): { title: string; summary: string } | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(metadata);
  } catch {
    return undefined;
  }
  if (parsed === null) return { title: "", summary: "" };
  if (typeof parsed !== "object" || Array.isArray(parsed)) return undefined;
  const fields = new Map<string, unknown>();
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) fields.set(key.toLowerCase(), value);
  const stringFields = ["title", "summary", "details", "proposal_forum_url", "vote_option_context"];
  for (const f of stringFields) {
    const v = fields.get(f);
    if (v !== undefined && v !== null && typeof v !== "string") return undefined;
  }
  const authors = fields.get("authors");
  if (authors !== undefined && authors !== null && !(Array.isArray(authors) && authors.every((a) => a === null || typeof a === "string")))
    return undefined;
  return { title: (fields.get("title") as string | null) ?? "", summary: (fields.get("summary") as string | null) ?? "" };
}

function initialDepositMinimum(k: GovKeeper, ctx: Parameters<MsgDef["handle"]>[0], initial: Coin[], expedited: boolean): void {
  const params = k.getParams(ctx);
  const ratio = decFromString(params.minInitialDepositRatio);
  if (ratio === 0n) return;
  const needed = k.minDepositOf(params, expedited).map((c) => ({ denom: c.denom, amount: roundHalfEven(c.amount * ratio) }));
  const covered = initial.length > 0 && needed.every((n) => (initial.find((c) => c.denom === n.denom)?.amount ?? 0n) >= n.amount);
  if (!covered) {
    const fmt = (cs: Coin[]) => cs.map((c) => `${c.amount}${c.denom}`).join(",");
    throw govErrors.ErrMinDepositTooSmall.wrap(`was (${fmt(initial)}), need (${fmt(needed)})`);
  }
}

/** LegacyDec.RoundInt of a value scaled by 10^18: half to even. */
function roundHalfEven(scaled: bigint): bigint {
  const q = scaled / DEC_ONE;
  const r = scaled % DEC_ONE;
  const half = DEC_ONE / 2n;
  return r > half || (r === half && q % 2n === 1n) ? q + 1n : q;
}

/** MsgVoteWeighted's checks: each option valid with weight in (0, 1], no repeats, weights summing to exactly 1. */
function checkWeightedOptions(options: WeightedVoteOption[]): void {
  if (options.length === 0) throw sdkErrors.ErrInvalidRequest.wrap("no vote options");
  let total = 0n;
  const used = new Set<number>();
  for (const o of options) {
    let weight: bigint;
    try {
      weight = decFromString(o.weight);
    } catch (e) {
      throw govErrors.ErrInvalidVote.wrap(`invalid weight: ${(e as AppError).message}`);
    }
    if (weight <= 0n || weight > DEC_ONE || !VALID_OPTIONS.includes(o.option)) {
      throw govErrors.ErrInvalidVote.wrap(`option:${optionName(o.option)} weight:${JSON.stringify(o.weight.slice(0, 50))}`);
    }
    total += weight;
    if (used.has(o.option)) throw govErrors.ErrInvalidVote.wrap("duplicated vote option");
    used.add(o.option);
  }
  if (total > DEC_ONE) throw govErrors.ErrInvalidVote.wrap("total weight overflow 1.00");
  if (total < DEC_ONE) throw govErrors.ErrInvalidVote.wrap("total weight lower than 1.00");
}

export function govMsgs(k: GovKeeper): MsgDef[] {
  return [
    defineMsg({
      codec: tx.MsgSubmitProposal,
      responseCodec: tx.MsgSubmitProposalResponse,
      signer: "proposer",
      aminoName: "cosmos-sdk/v1/MsgSubmitProposal",
      validate: (m) => void accAddress.validate(m.proposer),
      handle: (ctx, m) => {
        if (m.title === "") throw govErrors.ErrInvalidProposalContent.wrap("proposal title cannot be empty");
        if (m.summary === "") throw govErrors.ErrInvalidProposalContent.wrap("proposal summary cannot be empty");
        if (m.messages.length === 0 && m.metadata.length === 0)
          throw govErrors.ErrNoProposalMsgs.wrap("either metadata or Msgs length must be non-nil");
        if (m.metadata.length > 0) {
          const meta = metadataTitleSummary(m.metadata);
          if (meta && meta.title !== m.title)
            throw govErrors.ErrInvalidProposalContent.wrap(
              `metadata title '${meta.title.slice(0, 100)}' must equal proposal title '${m.title.slice(0, 100)}'`,
            );
          if (meta && meta.summary !== m.summary)
            throw govErrors.ErrInvalidProposalContent.wrap(
              `metadata summary '${meta.summary.slice(0, 100)}' must equal proposal summary '${m.summary.slice(0, 100)}'`,
            );
        }
        const initial = initialDepositCoins(m.initialDeposit);
        initialDepositMinimum(k, ctx, initial, m.expedited);
        k.validateDepositDenom(k.getParams(ctx), initial);
        const proposal = k.submitProposal(ctx, m.messages, m.metadata, m.title, m.summary, m.proposer, m.expedited);
        // SDK: 3 × the KV write cost per byte of the stored proposal (cosmos-sdk#9683).
        ctx.gasMeter.consume(3n * 30n * BigInt(Proposal.encode(proposal).finish().length), "submit proposal");
        if (k.addDeposit(ctx, proposal.id, m.proposer, initial)) govEvents.votingPeriodStart(ctx, "submit_proposal", proposal.id);
        return { proposalId: proposal.id };
      },
    }),
    defineMsg({
      codec: tx.MsgDeposit,
      responseCodec: tx.MsgDepositResponse,
      signer: "depositor",
      aminoName: "cosmos-sdk/v1/MsgDeposit",
      validate: (m) => void accAddress.validate(m.depositor),
      handle: (ctx, m) => {
        const amount = depositCoins(m.amount);
        if (k.addDeposit(ctx, m.proposalId, m.depositor, amount)) govEvents.votingPeriodStart(ctx, "proposal_deposit", m.proposalId);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgVote,
      responseCodec: tx.MsgVoteResponse,
      signer: "voter",
      aminoName: "cosmos-sdk/v1/MsgVote",
      validate: (m) => void accAddress.validate(m.voter),
      handle: (ctx, m) => {
        if (!VALID_OPTIONS.includes(m.option)) throw govErrors.ErrInvalidVote.wrap(optionName(m.option));
        k.addVote(ctx, m.proposalId, m.voter, [{ option: m.option, weight: decToString(DEC_ONE) }], m.metadata);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgVoteWeighted,
      responseCodec: tx.MsgVoteWeightedResponse,
      signer: "voter",
      aminoName: "cosmos-sdk/v1/MsgVoteWeighted",
      validate: (m) => void accAddress.validate(m.voter),
      handle: (ctx, m) => {
        checkWeightedOptions(m.options);
        k.addVote(ctx, m.proposalId, m.voter, m.options, m.metadata);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgCancelProposal,
      responseCodec: tx.MsgCancelProposalResponse,
      signer: "proposer",
      aminoName: "cosmos-sdk/v1/MsgCancelProposal",
      validate: (m) => void accAddress.validate(m.proposer),
      handle: (ctx, m) => {
        k.cancelProposal(ctx, m.proposalId, m.proposer);
        govEvents.cancel(ctx, m.proposalId, m.proposer);
        return { proposalId: m.proposalId, canceledTime: ctx.time, canceledHeight: ctx.height };
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      invalidSigner: govErrors.ErrInvalidSigner,
      aminoName: "cosmos-sdk/x/gov/v1/MsgUpdateParams",
      validate: (m) => void accAddress.validate(m.authority),
      handle: (ctx, m) => {
        validateGovParams(m.params);
        k.params.set(ctx, m.params);
        return {};
      },
    }),
  ];
}
