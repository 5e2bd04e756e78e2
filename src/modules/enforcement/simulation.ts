import { createHash } from "node:crypto";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { CaseAction, CaseStatus, LegalInstrumentKind, VoteOption, type Case } from "../../gen/blockchain/enforcement/v1/enforcement";
import * as tx from "../../gen/blockchain/enforcement/v1/tx";
import { accAddress, moduleAddress, valAddress } from "../../types/address";
import { addCoins, amountOf, coinFromProto, type Coin } from "../../types/coins";
import { otherAccount, simMsg, type ModuleSimulation, type SimState, type SimTx } from "../../types/simulation";
import type { EnforcementKeeper } from "./keeper";

const T = "/blockchain.enforcement.v1.";
const TARGETS = 6;
const sha256hex = (s: string) => createHash("sha256").update(s).digest("hex");

/**
 * The simulation's enforcement targets: funded in its genesis, outside the simulated accounts,
 * so a freeze never stops another module's operations (a frozen account cannot even pay a fee).
 */
export function enforcementSimTargets(): string[] {
  return Array.from({ length: TARGETS }, (_, i) =>
    accAddress.encode(createHash("sha256").update(`sim-enforcement-target/${i}`).digest().subarray(0, 20)),
  );
}

/** The account that signs for a case's opener (recorded as a valoper for validators). */
function openerAccount(c: Case): string {
  return accAddress.isValid(c.opener) ? c.opener : accAddress.encode(valAddress.decode(c.opener));
}

/** The constitution's placeholder recovery destination: no key holds it, so nothing seized can leave it. */
const PLACEHOLDER_DESTINATION = moduleAddress("foundation");

/** Cases being voted on or held, read from the open and held sets (closed cases stay in state forever). */
function liveCases(k: EnforcementKeeper, s: SimState, set: "open" | "held"): Case[] {
  return [...(set === "open" ? k.openCases : k.heldCases).iterate(s.ctx)].map((id) => k.getCase(s.ctx, id));
}

/** Passed cases (freezes and executed seizures) hold their target: found through the holding index. */
function passedCases(k: EnforcementKeeper, s: SimState): Case[] {
  return [...k.cases.indexes.holding.entries(s.ctx)]
    .map(([, id]) => k.getCase(s.ctx, id))
    .filter((c) => c.status === CaseStatus.CASE_STATUS_PASSED);
}

/**
 * Enforcement operations: bonded validators (the simulation's keys) open freeze and seizure
 * cases against the genesis-funded targets and vote on them; openers withdraw, the ombudsman
 * vetoes, anyone sweeps a passed seizure, governance reverses passed cases, accounts pay a
 * frozen target (receiving stays allowed). Invalid: opening by a non-validator, against a held
 * target or without a legal instrument; votes by non-validators, twice, on a missing case;
 * withdrawal by someone else; vetoes by someone other than the ombudsman; sweeping a freeze or
 * an unexecuted case; an emergency freeze without the enforcement-authority role. Invariants:
 * the holding index, the open and held sets, the voting and expiry queues agree with the case
 * and freeze records; each open case's tallies are the sum of its votes; the recovery
 * destination (while it is the constitution's keyless placeholder) holds at least what the
 * passed seizures in force recovered.
 */
export function enforcementSimulation(k: EnforcementKeeper): ModuleSimulation {
  const targets = enforcementSimTargets();
  const ombudsman = (s: SimState) => k.getParams(s.ctx).ombudsman;
  // A validator operated by the ombudsman (an operator rotated or admitted onto that account) may only stop cases.
  const bonded = (s: SimState) =>
    k.deps.staking.bondedValidators(s.ctx).filter((v) => s.accounts.includes(v.accountAddress) && v.accountAddress !== ombudsman(s));
  const openCase = (s: SimState, opener: string, target: string, action: CaseAction, instrument: boolean) =>
    simMsg(T + "MsgOpenCase", tx.MsgOpenCase, {
      opener,
      target,
      action,
      reason: "simulated case",
      evidenceUri: "ipfs://sim-evidence",
      evidenceHash: sha256hex(`evidence/${s.ctx.height}`),
      legalInstrument: instrument
        ? {
            issuingAuthority: "Sim Court",
            reference: `SC-${s.ctx.height}-${s.rng.int(1000)}`,
            kind: LegalInstrumentKind.LEGAL_INSTRUMENT_KIND_COURT_ORDER,
            hash: sha256hex(`order/${s.ctx.height}`),
            issuedAt: s.ctx.unixSeconds,
          }
        : undefined,
    });
  const voteMsg = (voter: string, caseId: bigint, option: VoteOption) =>
    simMsg(T + "MsgVoteCase", tx.MsgVoteCase, { voter, caseId, option });
  /**
   * Cases this block's planned txs close (withdrawal, veto) and cases they rely on staying as
   * they are (votes, a refused second case on the target): an operation never plans one kind
   * on a case of the other, so outcomes do not depend on the order of txs in the block.
   */
  const planned = { height: -1n, closing: new Set<bigint>(), relied: new Set<bigint>() };
  const block = (s: SimState) => {
    if (planned.height !== s.ctx.height) Object.assign(planned, { height: s.ctx.height, closing: new Set(), relied: new Set() });
    return planned;
  };
  const closeable = (s: SimState, cases: Case[]) => cases.filter((c) => !block(s).relied.has(c.id) && !block(s).closing.has(c.id));
  /** An open case still in its voting window at the next height. */
  const votable = (s: SimState) =>
    liveCases(k, s, "open").filter((c) => c.votingEndsAtHeight > s.ctx.height && !block(s).closing.has(c.id));
  return {
    operations: [
      {
        name: "enforcement/open-case",
        weight: 3,
        build: (s) => {
          const vs = bonded(s);
          const free = targets.filter((t) => k.cases.indexes.holding.get(s.ctx, t) === undefined);
          if (vs.length === 0 || free.length === 0) return undefined;
          const opener = s.rng.pick(vs).accountAddress;
          const target = s.rng.pick(free);
          const action = s.rng.oneIn(2) ? CaseAction.CASE_ACTION_SEIZE : CaseAction.CASE_ACTION_FREEZE;
          // `involves` the target: one case per target and block.
          return { signer: opener, involves: [target], msgs: [openCase(s, opener, target, action, true)], expect: "ok" };
        },
      },
      {
        name: "enforcement/open-case-invalid",
        weight: 1,
        build: (s): SimTx | undefined => {
          const vs = bonded(s);
          const held = [...k.cases.indexes.holding.entries(s.ctx)];
          const kind = s.rng.int(3);
          if (kind === 0) {
            // A non-validator (accounts past the validator candidates) cannot open a case.
            const who = s.rng.pick(s.accounts.slice(20, 58));
            if (k.bondedValidatorOf(s.ctx, who)) return undefined;
            return { signer: who, msgs: [openCase(s, who, s.rng.pick(targets), CaseAction.CASE_ACTION_FREEZE, false)], expect: "fail" };
          }
          if (vs.length === 0) return undefined;
          const opener = s.rng.pick(vs).accountAddress;
          const stays = held.filter(([, id]) => !block(s).closing.has(id));
          if (kind === 1 && stays.length > 0) {
            const [target, id] = s.rng.pick(stays);
            block(s).relied.add(id);
            return {
              signer: opener,
              involves: [target],
              msgs: [openCase(s, opener, target, CaseAction.CASE_ACTION_FREEZE, false)],
              expect: "fail",
            };
          }
          return { signer: opener, msgs: [openCase(s, opener, s.rng.pick(targets), CaseAction.CASE_ACTION_SEIZE, false)], expect: "fail" };
        },
      },
      {
        name: "enforcement/vote",
        weight: 16,
        build: (s) => {
          const cases = votable(s);
          if (cases.length === 0) return undefined;
          const c = s.rng.pick(cases);
          const voters = bonded(s).filter((v) => !k.votes.has(s.ctx, [c.id, v.operator]));
          if (voters.length === 0) return undefined;
          const voter = s.rng.pick(voters).accountAddress;
          const option = s.rng.oneIn(4)
            ? s.rng.pick([VoteOption.VOTE_OPTION_NO, VoteOption.VOTE_OPTION_ABSTAIN])
            : VoteOption.VOTE_OPTION_YES;
          block(s).relied.add(c.id);
          return { signer: voter, msgs: [voteMsg(voter, c.id, option)], expect: "ok" };
        },
      },
      {
        name: "enforcement/vote-invalid",
        weight: 2,
        build: (s) => {
          const kind = s.rng.int(3);
          if (kind === 0) {
            const who = s.rng.pick(s.accounts.slice(20, 58));
            const cases = votable(s);
            if (k.bondedValidatorOf(s.ctx, who) || cases.length === 0) return undefined;
            return { signer: who, msgs: [voteMsg(who, s.rng.pick(cases).id, VoteOption.VOTE_OPTION_YES)], expect: "fail" };
          }
          const vs = bonded(s);
          if (vs.length === 0) return undefined;
          if (kind === 1) {
            for (const c of liveCases(k, s, "open")) {
              const voted = vs.find((v) => k.votes.has(s.ctx, [c.id, v.operator]));
              if (voted)
                return {
                  signer: voted.accountAddress,
                  msgs: [voteMsg(voted.accountAddress, c.id, VoteOption.VOTE_OPTION_NO)],
                  expect: "fail",
                };
            }
            return undefined;
          }
          const voter = s.rng.pick(vs).accountAddress;
          return { signer: voter, msgs: [voteMsg(voter, k.nextCaseId.peek(s.ctx) + 100n, VoteOption.VOTE_OPTION_YES)], expect: "fail" };
        },
      },
      {
        name: "enforcement/withdraw",
        weight: 1,
        build: (s) => {
          const cases = closeable(s, liveCases(k, s, "open")).filter((c) => s.accounts.includes(openerAccount(c)));
          if (cases.length === 0) return undefined;
          const c = s.rng.pick(cases);
          block(s).closing.add(c.id);
          return {
            signer: openerAccount(c),
            msgs: [simMsg(T + "MsgWithdrawCase", tx.MsgWithdrawCase, { opener: openerAccount(c), caseId: c.id })],
            expect: "ok",
          };
        },
      },
      {
        name: "enforcement/withdraw-not-opener",
        weight: 1,
        build: (s) => {
          const cases = liveCases(k, s, "open");
          if (cases.length === 0) return undefined;
          const c = s.rng.pick(cases);
          const who = otherAccount(s, openerAccount(c));
          if (who === ombudsman(s)) return undefined;
          return { signer: who, msgs: [simMsg(T + "MsgWithdrawCase", tx.MsgWithdrawCase, { opener: who, caseId: c.id })], expect: "fail" };
        },
      },
      {
        name: "enforcement/ombudsman-veto",
        weight: 1,
        build: (s) => {
          const o = ombudsman(s);
          const cases = closeable(s, [...liveCases(k, s, "open"), ...liveCases(k, s, "held")]);
          if (!s.accounts.includes(o) || cases.length === 0) return undefined;
          const c = s.rng.pick(cases);
          const ok = c.recovered.length === 0;
          block(s).closing.add(c.id);
          return {
            signer: o,
            msgs: [simMsg(T + "MsgOmbudsmanVeto", tx.MsgOmbudsmanVeto, { ombudsman: o, caseId: c.id, reason: "simulated veto" })],
            expect: ok ? "ok" : "fail",
          };
        },
      },
      {
        name: "enforcement/veto-not-ombudsman",
        weight: 1,
        build: (s) => {
          const cases = liveCases(k, s, "open");
          const who = s.rng.pick(s.accounts);
          if (cases.length === 0 || who === ombudsman(s)) return undefined;
          return {
            signer: who,
            msgs: [
              simMsg(T + "MsgOmbudsmanVeto", tx.MsgOmbudsmanVeto, {
                ombudsman: who,
                caseId: s.rng.pick(cases).id,
                reason: "not mine to veto",
              }),
            ],
            expect: "fail",
          };
        },
      },
      {
        name: "enforcement/sweep",
        weight: 1,
        build: (s) => {
          const seizures = passedCases(k, s).filter((c) => c.action === CaseAction.CASE_ACTION_SEIZE);
          const sender = s.rng.pick(s.accounts.slice(20, 58));
          if (seizures.length === 0 || sender === ombudsman(s)) return undefined;
          return { signer: sender, msgs: [simMsg(T + "MsgSweep", tx.MsgSweep, { sender, caseId: s.rng.pick(seizures).id })], expect: "ok" };
        },
      },
      {
        name: "enforcement/sweep-invalid",
        weight: 1,
        build: (s) => {
          // A freeze, or a case voting or held (not executed): never sweepable.
          const cases = [
            ...passedCases(k, s).filter((c) => c.action === CaseAction.CASE_ACTION_FREEZE),
            ...liveCases(k, s, "open"),
            ...liveCases(k, s, "held"),
          ];
          const sender = s.rng.pick(s.accounts.slice(20, 58));
          if (cases.length === 0 || sender === ombudsman(s)) return undefined;
          return { signer: sender, msgs: [simMsg(T + "MsgSweep", tx.MsgSweep, { sender, caseId: s.rng.pick(cases).id })], expect: "fail" };
        },
      },
      {
        name: "enforcement/emergency-freeze-without-role",
        weight: 1,
        build: (s) => {
          const who = s.rng.pick(s.accounts);
          const msg = simMsg(T + "MsgEmergencyFreeze", tx.MsgEmergencyFreeze, {
            authority: who,
            target: s.rng.pick(targets),
            reason: "no role",
            evidenceUri: "",
            evidenceHash: "",
          });
          return { signer: who, msgs: [msg], expect: "fail" };
        },
      },
      {
        // Authority: governance reverses a passed case (the target is released; seized coins stay recovered).
        name: "enforcement/reverse",
        weight: 1,
        build: (s) => {
          const passed = passedCases(k, s);
          if (passed.length === 0) return undefined;
          return {
            signer: s.rng.pick(s.accounts),
            authority: true,
            msgs: [
              simMsg(T + "MsgReverseCase", tx.MsgReverseCase, {
                authority: s.govAuthority,
                caseId: s.rng.pick(passed).id,
                reason: "simulated reversal",
              }),
            ],
            expect: "any",
          };
        },
      },
      {
        // A frozen (or seized) target may still receive: the freeze stops only what leaves it.
        name: "enforcement/pay-target",
        weight: 1,
        build: (s) => {
          const from = s.rng.pick(s.accounts.slice(20, 58));
          const msg = simMsg("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
            fromAddress: from,
            toAddress: s.rng.pick(targets),
            amount: [{ denom: s.bondDenom, amount: (1n + s.rng.bigint(1_000_000_000n)).toString() }],
          });
          return { signer: from, msgs: [msg], expect: "ok" };
        },
      },
    ],
    invariants: [
      {
        name: "enforcement/holding-and-sets",
        check: (ctx) => {
          const HOLDING = [CaseStatus.CASE_STATUS_VOTING, CaseStatus.CASE_STATUS_HELD, CaseStatus.CASE_STATUS_PASSED];
          for (const [address, id] of k.cases.indexes.holding.entries(ctx)) {
            const c = k.cases.get(ctx, id);
            if (!c || c.target !== address || !HOLDING.includes(c.status))
              return `holding index: ${address} → case ${id} (${c ? CaseStatus[c.status] : "missing"})`;
            const f = k.freezes.get(ctx, id);
            if (!f || f.address !== address) return `case ${id} holds ${address} without its freeze record`;
            if (c.status !== CaseStatus.CASE_STATUS_VOTING && f.expiresAtHeight !== 0n)
              return `case ${id} is ${CaseStatus[c.status]} but its freeze expires at ${f.expiresAtHeight}`;
          }
          for (const id of k.openCases.iterate(ctx)) {
            const c = k.cases.get(ctx, id);
            if (c?.status !== CaseStatus.CASE_STATUS_VOTING) return `open set names case ${id}, which is not voting`;
            if (k.cases.indexes.holding.get(ctx, c.target) !== id) return `open case ${id} does not hold its target`;
            if (!k.votingQueue.has(ctx, [c.votingEndsAtHeight, id])) return `open case ${id} is not in the voting queue`;
            const tally = { yes: 0n, no: 0n, abstain: 0n };
            for (const v of k.votesOf(ctx, id)) {
              if (v.power < 0n) return `vote of ${v.validator} on case ${id} has negative power`;
              if (v.option === VoteOption.VOTE_OPTION_YES) tally.yes += v.power;
              else if (v.option === VoteOption.VOTE_OPTION_NO) tally.no += v.power;
              else tally.abstain += v.power;
            }
            if (tally.yes !== c.yesPower || tally.no !== c.noPower || tally.abstain !== c.abstainPower)
              return `case ${id}: tallies ${c.yesPower}/${c.noPower}/${c.abstainPower}, votes sum to ${tally.yes}/${tally.no}/${tally.abstain}`;
          }
          for (const [end, id] of k.votingQueue.iterate(ctx)) {
            const c = k.cases.get(ctx, id);
            if (c?.status !== CaseStatus.CASE_STATUS_VOTING || c.votingEndsAtHeight !== end || !k.openCases.has(ctx, id))
              return `voting queue entry (${end}, ${id}) has no open case`;
            if (end < ctx.height) return `case ${id} should have closed at ${end}`;
          }
          for (const id of k.heldCases.iterate(ctx)) {
            const c = k.cases.get(ctx, id);
            if (c?.status !== CaseStatus.CASE_STATUS_HELD || c.action !== CaseAction.CASE_ACTION_SEIZE)
              return `held set names case ${id}, which is not a held seizure`;
            if (k.cases.indexes.holding.get(ctx, c.target) !== id) return `held case ${id} does not hold its target`;
          }
          for (const [expires, id] of k.expiryQueue.iterate(ctx)) {
            const f = k.freezes.get(ctx, id);
            if (!f || f.expiresAtHeight !== expires) return `expiry queue entry (${expires}, ${id}) disagrees with the freeze record`;
          }
          return undefined;
        },
      },
      {
        name: "enforcement/recovered-at-destination",
        check: (ctx) => {
          // Only checkable while the destination cannot spend (a real foundation pays victims back).
          const destination = k.getParams(ctx).recoveryDestination;
          if (destination !== PLACEHOLDER_DESTINATION) return undefined;
          let recovered: Coin[] = [];
          for (const [, id] of k.cases.indexes.holding.entries(ctx)) {
            const c = k.cases.get(ctx, id)!;
            if (c.action === CaseAction.CASE_ACTION_SEIZE) recovered = addCoins(recovered, c.recovered.map(coinFromProto));
          }
          const held = k.deps.bank.getAllBalances(ctx, destination);
          for (const r of recovered)
            if (amountOf(held, r.denom) < r.amount)
              return `seizures in force recovered ${r.amount}${r.denom}, the recovery destination holds ${amountOf(held, r.denom)}`;
          return undefined;
        },
      },
    ],
  };
}
