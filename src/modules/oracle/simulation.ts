import { AppraiserStatus } from "../../gen/blockchain/oracle/v1/oracle";
import * as tx from "../../gen/blockchain/oracle/v1/tx";
import { decFromString } from "../../types/dec";
import { otherAccount, simMsg, type ModuleSimulation, type SimState } from "../../types/simulation";
import type { StakingKeeper } from "./expected-keepers";
import { OracleKeeper } from "./keeper";
import { BPS } from "./tally";

const T = "/blockchain.oracle.v1.";
/** Denoms governance may add to the accepted set (the staking token is accepted from genesis). */
const EXTRA_DENOMS = ["usima", "usimb"];

/** A bonded validator whose feeder (delegated, else its operator) is a simulated account. */
function votingValidator(k: OracleKeeper, staking: StakingKeeper, s: SimState): { validator: string; feeder: string } | undefined {
  const bonded = staking
    .bondedValidators(s.ctx)
    .map((v) => ({ validator: v.operator, feeder: k.feederOf(s.ctx, v.operator) ?? "" }))
    .filter((v) => s.accounts.includes(v.feeder));
  return bonded.length === 0 ? undefined : s.rng.pick(bonded);
}

/** A rate near 1.0 with up to 18 decimals: the validators roughly agree, so the median moves little. */
function randomRate(s: SimState): string {
  return `${s.rng.int(2)}.${(s.rng.bigint(10n ** 18n) + 1n).toString().padStart(18, "0")}`;
}

function rates(s: SimState, denoms: readonly string[]) {
  return denoms.map((denom) => ({ denom, rate: randomRate(s) }));
}

/**
 * Oracle operations: feeders vote the accepted denoms each round (all of them, or some, so
 * misses count), operators delegate their feeder, governance changes the round and the accepted
 * set and decides appraisers; invalid: a vote by someone who is not the feeder, for an unknown
 * validator, for a denom not accepted, with a zero rate, a feeder delegation by a stranger, an
 * appraisal by someone who is not an appraiser. Invariants: the round's votes are cleared at
 * every round end and are stored sorted under their own validator, agreed rates are positive,
 * misses never exceed windows, feeder delegations are keyed by their validator and never name
 * the operator itself.
 */
export function oracleSimulation(k: OracleKeeper, staking: StakingKeeper): ModuleSimulation {
  const vote = (feeder: string, validator: string, r: Array<{ denom: string; rate: string }>) =>
    simMsg(T + "MsgSubmitExchangeRates", tx.MsgSubmitExchangeRates, { feeder, validator, rates: r });
  return {
    operations: [
      {
        name: "oracle/submit-rates",
        weight: 8,
        build: (s) => {
          const v = votingValidator(k, staking, s);
          if (!v) return undefined;
          const accepted = k.getParams(s.ctx).acceptedDenoms;
          // Mostly every accepted denom; sometimes only the first (a miss for that window).
          const denoms = s.rng.oneIn(5) ? accepted.slice(0, 1) : accepted;
          // The operator may not re-delegate the feeder in the same block.
          return {
            signer: v.feeder,
            involves: [OracleKeeper.operatorAccount(v.validator)!],
            msgs: [vote(v.feeder, v.validator, rates(s, denoms))],
            expect: "ok",
          };
        },
      },
      {
        name: "oracle/submit-not-feeder",
        weight: 1,
        build: (s) => {
          const v = votingValidator(k, staking, s);
          if (!v) return undefined;
          const stranger = otherAccount(s, v.feeder);
          return { signer: stranger, msgs: [vote(stranger, v.validator, rates(s, k.getParams(s.ctx).acceptedDenoms))], expect: "fail" };
        },
      },
      {
        name: "oracle/submit-bad-vote",
        weight: 1,
        build: (s) => {
          const v = votingValidator(k, staking, s);
          if (!v) return undefined;
          const accepted = k.getParams(s.ctx).acceptedDenoms;
          const bad = s.rng.pick([
            [{ denom: "unotaccepted", rate: "1.0" }],
            [{ denom: accepted[0] ?? "uyml", rate: "0" }],
            [{ denom: accepted[0] ?? "uyml", rate: "-1.5" }],
            [],
          ]);
          return { signer: v.feeder, msgs: [vote(v.feeder, v.validator, bad)], expect: "fail" };
        },
      },
      {
        name: "oracle/submit-unknown-validator",
        weight: 1,
        build: (s) => {
          const signer = s.rng.pick(s.accounts.slice(20));
          return { signer, msgs: [vote(signer, "ymlvaloper1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqnrql8a", rates(s, ["uyml"]))], expect: "fail" };
        },
      },
      {
        name: "oracle/delegate-feeder",
        weight: 1,
        build: (s) => {
          const bonded = staking.bondedValidators(s.ctx).filter((v) => s.accounts.includes(v.accountAddress));
          if (bonded.length === 0) return undefined;
          const v = s.rng.pick(bonded);
          // Half the time back to the operator itself (removes the delegation).
          const feeder = s.rng.oneIn(2) ? v.accountAddress : s.rng.pick(s.accounts.slice(40));
          return {
            signer: v.accountAddress,
            msgs: [simMsg(T + "MsgDelegateFeeder", tx.MsgDelegateFeeder, { operator: v.accountAddress, validator: v.operator, feeder })],
            expect: "ok",
          };
        },
      },
      {
        name: "oracle/delegate-feeder-not-operator",
        weight: 1,
        build: (s) => {
          const bonded = staking.bondedValidators(s.ctx);
          if (bonded.length === 0) return undefined;
          const v = s.rng.pick(bonded);
          const stranger = otherAccount(s, v.accountAddress);
          return {
            signer: stranger,
            msgs: [simMsg(T + "MsgDelegateFeeder", tx.MsgDelegateFeeder, { operator: stranger, validator: v.operator, feeder: stranger })],
            expect: "fail",
          };
        },
      },
      {
        // Authority: the round length, threshold and accepted set change through governance.
        name: "oracle/update-params",
        weight: 1,
        build: (s) => {
          const p = k.getParams(s.ctx);
          const acceptedDenoms = ["uyml", ...EXTRA_DENOMS.filter(() => s.rng.oneIn(2))];
          const params = { ...p, votePeriod: BigInt(2 + s.rng.int(8)), voteThresholdBps: BigInt(5000 + s.rng.int(5001)), acceptedDenoms };
          return {
            signer: s.rng.pick(s.accounts),
            authority: true,
            msgs: [simMsg(T + "MsgUpdateParams", tx.MsgUpdateParams, { authority: s.govAuthority, params })],
            expect: "any",
          };
        },
      },
      {
        name: "oracle/apply-appraiser",
        weight: 1,
        build: (s) => {
          const creator = s.rng.pick(s.accounts.slice(30, 40));
          return {
            signer: creator,
            msgs: [
              simMsg(T + "MsgApplyAppraiser", tx.MsgApplyAppraiser, {
                creator,
                name: "Sim appraiser",
                credentials: "simulated",
                classIds: [],
              }),
            ],
            expect: "any",
          };
        },
      },
      {
        name: "oracle/decide-appraiser",
        weight: 1,
        build: (s) => {
          const candidate = k.appraisers.get(s.ctx, s.rng.pick(s.accounts.slice(30, 40)));
          if (!candidate) return undefined;
          const msg =
            candidate.status === AppraiserStatus.APPRAISER_STATUS_APPROVED
              ? simMsg(T + "MsgRevokeAppraiser", tx.MsgRevokeAppraiser, {
                  authority: s.govAuthority,
                  appraiser: candidate.address,
                  reason: "simulated revocation",
                })
              : simMsg(T + "MsgApproveAppraiser", tx.MsgApproveAppraiser, {
                  authority: s.govAuthority,
                  appraiser: candidate.address,
                  approve: !s.rng.oneIn(4),
                  classIds: [],
                });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "oracle/appraisal-not-appraiser",
        weight: 1,
        build: (s) => {
          const who = s.rng.pick(s.accounts.slice(0, 30));
          const msg = simMsg(T + "MsgSubmitAppraisal", tx.MsgSubmitAppraisal, {
            appraiser: who,
            classId: "simclass",
            nftId: "simnft",
            value: "1000",
            valueDenom: "uyml",
            valuedAt: s.ctx.unixSeconds > 0n ? s.ctx.unixSeconds : 1n,
            method: "sim",
            reportUri: "",
            reportHash: "",
          });
          return { signer: who, msgs: [msg], expect: "fail" };
        },
      },
    ],
    invariants: [
      {
        name: "oracle/round-votes",
        check: (ctx) => {
          const roundEnd = k.isRoundEnd(ctx);
          for (const [validator, { votes }] of k.votes.iterate(ctx)) {
            if (roundEnd) return `votes of ${validator} survive the end of the round at height ${ctx.height}`;
            for (let i = 0; i < votes.length; i++) {
              if (votes[i].validator !== validator) return `a vote of ${votes[i].validator} is stored under ${validator}`;
              if (i > 0 && votes[i - 1].denom >= votes[i].denom) return `votes of ${validator} are not sorted by denom`;
              if (decFromString(votes[i].rate) <= 0n) return `vote of ${validator} for ${votes[i].denom} is not positive`;
            }
          }
          return undefined;
        },
      },
      {
        name: "oracle/rates-misses-feeders",
        check: (ctx) => {
          for (const [denom, r] of k.rates.iterate(ctx)) {
            if (r.denom !== denom) return `rate of ${r.denom} stored under ${denom}`;
            if (decFromString(r.rate) <= 0n) return `rate of ${denom} is not positive`;
            if (r.votingPowerBps <= 0n || r.votingPowerBps > BPS) return `rate of ${denom} agreed with ${r.votingPowerBps} bps`;
            if (r.updatedHeight > ctx.height) return `rate of ${denom} updated in the future`;
          }
          for (const [validator, m] of k.misses.iterate(ctx)) {
            if (m.validator !== validator || m.misses > m.windows)
              return `miss counter of ${validator}: ${m.misses} misses in ${m.windows} windows`;
          }
          for (const [validator, f] of k.feeders.iterate(ctx)) {
            if (f.validator !== validator) return `feeder delegation of ${f.validator} stored under ${validator}`;
            if (f.feeder === OracleKeeper.operatorAccount(validator)) return `feeder delegation of ${validator} names its own operator`;
          }
          return undefined;
        },
      },
    ],
  };
}
