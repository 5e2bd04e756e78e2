import { Params } from "cosmjs-types/cosmos/gov/v1/gov";
import type { Duration } from "cosmjs-types/google/protobuf/duration";
import { accAddress } from "../../types/address";
import { coinsFromProto, type Coin } from "../../types/coins";
import { DEC_ONE, decFromString, type Dec } from "../../types/dec";
import { AppError, sdkErrors, type ErrorKind } from "../../types/errors";

/** The SDK's x/gov keeper config defaults (MaxMetadataLen, MaxSummaryLen), in bytes. */
export const MAX_METADATA_LEN = 255;
export const MAX_SUMMARY_LEN = 10200;

export const DEFAULT_DEPOSIT_DENOM = "uyml";

/** QueryParams's legacy params_type values. */
export const PARAMS_TYPES = { deposit: "deposit", voting: "voting", tallying: "tallying" } as const;

const DAY = 86_400n;

/** x/gov v1 defaults (x/gov/types/v1/params.go, SDK v0.50), with the chain's bond denom. */
export function defaultGovParams(denom = DEFAULT_DEPOSIT_DENOM): Params {
  return Params.fromPartial({
    minDeposit: [{ denom, amount: "10000000" }],
    maxDepositPeriod: { seconds: 2n * DAY, nanos: 0 },
    votingPeriod: { seconds: 2n * DAY, nanos: 0 },
    quorum: "0.334000000000000000",
    threshold: "0.500000000000000000",
    vetoThreshold: "0.334000000000000000",
    minInitialDepositRatio: "0.000000000000000000",
    proposalCancelRatio: "0.500000000000000000",
    proposalCancelDest: "",
    expeditedVotingPeriod: { seconds: DAY, nanos: 0 },
    expeditedThreshold: "0.667000000000000000",
    expeditedMinDeposit: [{ denom, amount: "50000000" }],
    burnVoteQuorum: false,
    burnProposalDepositPrevote: false,
    burnVoteVeto: true,
    minDepositRatio: "0.010000000000000000",
  });
}

/** Short periods for the dev chain and tests: deposit 60 s, voting 30 s, expedited 15 s. */
export function devGovParams(denom = DEFAULT_DEPOSIT_DENOM): Params {
  return {
    ...defaultGovParams(denom),
    maxDepositPeriod: { seconds: 60n, nanos: 0 },
    votingPeriod: { seconds: 30n, nanos: 0 },
    expeditedVotingPeriod: { seconds: 15n, nanos: 0 },
  };
}

/** A gov v1 decimal parameter (SDK text form, "0.5"), or `kind` with the reason. */
export function parseGovDec(text: string, what: string, kind: ErrorKind = sdkErrors.ErrInvalidRequest): Dec {
  try {
    return decFromString(text);
  } catch (e) {
    throw kind.wrap(`invalid ${what} string: ${(e as AppError).message}`);
  }
}

function durationNanos(d: Duration): bigint {
  return d.seconds * 1_000_000_000n + BigInt(d.nanos);
}

function validCoins(list: Params["minDeposit"]): Coin[] | undefined {
  try {
    const coins = coinsFromProto(list);
    return coins.length > 0 ? coins : undefined;
  } catch {
    return undefined;
  }
}

/** Params.ValidateBasic of x/gov v1 (v0.50); failures are `kind` with the SDK's reason. */
export function validateGovParams(p: Params, kind: ErrorKind = sdkErrors.ErrInvalidRequest): void {
  const fail = (reason: string): never => {
    throw kind.wrap(reason);
  };
  const minDeposit = validCoins(p.minDeposit) ?? fail(`invalid minimum deposit: ${JSON.stringify(p.minDeposit)}`);
  const expeditedMin =
    validCoins(p.expeditedMinDeposit) ?? fail(`invalid minimum expedited deposit: ${JSON.stringify(p.expeditedMinDeposit)}`);
  const allLte = expeditedMin.every((c) => c.amount <= (minDeposit.find((m) => m.denom === c.denom)?.amount ?? 0n));
  if (allLte) fail("expedited minimum deposit must be greater than minimum deposit");
  if (!p.maxDepositPeriod) fail("maximum deposit period must not be nil");
  if (durationNanos(p.maxDepositPeriod!) <= 0n) fail("maximum deposit period must be positive");

  const quorum = parseGovDec(p.quorum, "quorum", kind);
  if (quorum < 0n) fail(`quorom cannot be negative: ${p.quorum}`);
  if (quorum > DEC_ONE) fail(`quorom too large: ${p.quorum}`);
  const threshold = parseGovDec(p.threshold, "threshold", kind);
  if (threshold <= 0n) fail(`vote threshold must be positive: ${p.threshold}`);
  if (threshold > DEC_ONE) fail(`vote threshold too large: ${p.threshold}`);
  const expeditedThreshold = parseGovDec(p.expeditedThreshold, "expedited threshold", kind);
  if (expeditedThreshold <= 0n) fail(`expedited vote threshold must be positive: ${p.expeditedThreshold}`);
  if (expeditedThreshold > DEC_ONE) fail(`expedited vote threshold too large: ${p.expeditedThreshold}`);
  if (expeditedThreshold <= threshold)
    fail(`expedited vote threshold ${p.expeditedThreshold} should be greater than the regular threshold ${p.threshold}`);
  const veto = parseGovDec(p.vetoThreshold, "vetoThreshold", kind);
  if (veto <= 0n) fail(`veto threshold must be positive: ${p.vetoThreshold}`);
  if (veto > DEC_ONE) fail(`veto threshold too large: ${p.vetoThreshold}`);

  if (!p.votingPeriod) fail("voting period must not be nil");
  if (durationNanos(p.votingPeriod!) <= 0n) fail("voting period must be positive");
  if (!p.expeditedVotingPeriod) fail("expedited voting period must not be nil");
  if (durationNanos(p.expeditedVotingPeriod!) <= 0n) fail("expedited voting period must be positive");
  if (durationNanos(p.expeditedVotingPeriod!) >= durationNanos(p.votingPeriod!)) {
    fail("expedited voting period must be strictly less that the regular voting period");
  }

  for (const [value, what] of [
    [p.minInitialDepositRatio, "minimum initial deposit ratio"],
    [p.proposalCancelRatio, "proposal cancel ratio"],
    [p.minDepositRatio, "minimum deposit ratio"],
  ] as const) {
    const ratio = parseGovDec(value, what, kind);
    if (ratio < 0n) fail(`${what} cannot be negative: ${value}`);
    if (ratio > DEC_ONE) fail(`${what} too large: ${value}`);
  }
  if (p.proposalCancelDest !== "" && !accAddress.isValid(p.proposalCancelDest)) {
    fail(`deposits destination address is invalid: ${p.proposalCancelDest}`);
  }
}
