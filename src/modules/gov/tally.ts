import { VoteOption, type Proposal, type TallyResult, type WeightedVoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import type { Context } from "../../types/context";
import { decFromInt, decFromString, decMul, decMulInt, decQuo, decTruncate, type Dec } from "../../types/dec";
import type { GovKeeper } from "./keeper";
import { parseGovDec } from "./params";

export interface TallyOutcome {
  passes: boolean;
  burnDeposits: boolean;
  result: TallyResult;
}

interface ValidatorGovInfo {
  tokens: bigint;
  shares: Dec;
  deductions: Dec;
  vote?: WeightedVoteOption[];
}

const OPTIONS = [VoteOption.VOTE_OPTION_YES, VoteOption.VOTE_OPTION_ABSTAIN, VoteOption.VOTE_OPTION_NO, VoteOption.VOTE_OPTION_NO_WITH_VETO];

function weightOf(option: WeightedVoteOption): Dec {
  try {
    return decFromString(option.weight);
  } catch {
    return 0n;
  }
}

/**
 * Keeper.Tally of x/gov v1 (SDK v0.50), in LegacyDec arithmetic: every vote counts with the
 * voter's delegated bonded stake; a validator's vote counts for the shares of delegators who did
 * not vote themselves. Reads only; the end blocker deletes the votes afterwards.
 */
export function tally(ctx: Context, k: GovKeeper, proposal: Proposal): TallyOutcome {
  const results = new Map<number, Dec>(OPTIONS.map((o) => [o, 0n]));
  const add = (options: readonly WeightedVoteOption[], power: Dec) => {
    for (const o of options) results.set(o.option, (results.get(o.option) ?? 0n) + decMul(power, weightOf(o)));
  };
  let totalVotingPower: Dec = 0n;

  const validators = new Map<string, ValidatorGovInfo>();
  const operatorOfAccount = new Map<string, string>();
  const order: string[] = [];
  for (const v of k.staking.bondedValidators(ctx)) {
    // A validator without shares has no stake to count (and would divide by zero).
    if (v.delegatorShares === 0n) continue;
    validators.set(v.operator, { tokens: v.tokens, shares: v.delegatorShares, deductions: 0n });
    operatorOfAccount.set(v.accountAddress, v.operator);
    order.push(v.operator);
  }

  for (const vote of k.votesOf(ctx, proposal.id)) {
    const ownValidator = operatorOfAccount.get(vote.voter);
    if (ownValidator !== undefined) validators.get(ownValidator)!.vote = vote.options;
    for (const delegation of k.staking.delegationsOf(ctx, vote.voter)) {
      const val = validators.get(delegation.validator);
      if (!val) continue;
      val.deductions += delegation.shares;
      const power = decQuo(decMulInt(delegation.shares, val.tokens), val.shares);
      add(vote.options, power);
      totalVotingPower += power;
    }
  }

  for (const operator of order) {
    const val = validators.get(operator)!;
    if (!val.vote || val.vote.length === 0) continue;
    const power = decQuo(decMulInt(val.shares - val.deductions, val.tokens), val.shares);
    add(val.vote, power);
    totalVotingPower += power;
  }

  const yes = results.get(VoteOption.VOTE_OPTION_YES)!;
  const abstain = results.get(VoteOption.VOTE_OPTION_ABSTAIN)!;
  const veto = results.get(VoteOption.VOTE_OPTION_NO_WITH_VETO)!;
  const result: TallyResult = {
    yesCount: decTruncate(yes).toString(),
    abstainCount: decTruncate(abstain).toString(),
    noCount: decTruncate(results.get(VoteOption.VOTE_OPTION_NO)!).toString(),
    noWithVetoCount: decTruncate(veto).toString(),
  };
  const params = k.getParams(ctx);

  const totalBonded = k.staking.totalBondedTokens(ctx);
  if (totalBonded === 0n) return { passes: false, burnDeposits: false, result };

  const percentVoting = decQuo(totalVotingPower, decFromInt(totalBonded));
  if (percentVoting < parseGovDec(params.quorum, "quorum")) return { passes: false, burnDeposits: params.burnVoteQuorum, result };

  if (totalVotingPower - abstain === 0n) return { passes: false, burnDeposits: false, result };

  if (decQuo(veto, totalVotingPower) > parseGovDec(params.vetoThreshold, "veto threshold")) {
    return { passes: false, burnDeposits: params.burnVoteVeto, result };
  }

  const threshold = parseGovDec(proposal.expedited ? params.expeditedThreshold : params.threshold, "threshold");
  if (decQuo(yes, totalVotingPower - abstain) > threshold) return { passes: true, burnDeposits: false, result };
  return { passes: false, burnDeposits: false, result };
}
