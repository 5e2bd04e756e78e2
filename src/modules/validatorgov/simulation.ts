import { createHash } from "node:crypto";
import { PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { MsgCreateValidator } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import { RotationKind, RotationStatus } from "../../gen/blockchain/validatorgov/v1/rotation";
import * as tx from "../../gen/blockchain/validatorgov/v1/tx";
import { decToWire, DEC_ONE } from "../../types/dec";
import { otherAccount, simMsg, type ModuleSimulation, type SimState, type SimTx } from "../../types/simulation";
import { ApplicationStatus, type ValidatorgovKeeper, valoperOf } from "./keeper";

const T = "/blockchain.validatorgov.v1.";
const JURISDICTIONS = ["DE", "FR", "US", "GB", "NL", "JP", "SG", "CH"];

/** Accounts that apply after genesis (1–8 are admitted in genesis, 0 runs the genesis validator). */
const applicants = (s: SimState) => s.accounts.slice(9, 17);
/** Accounts that rotations and recoveries move operators to. */
const newOperators = (s: SimState) => s.accounts.slice(40);

function declaration(s: SimState, who: string) {
  return { legalEntityId: `LEI-${who.slice(-8)}`, beneficialOwnerId: `UBO-${s.rng.int(6)}`, jurisdiction: s.rng.pick(JURISDICTIONS) };
}

/**
 * Validatorgov operations: applications and their approval or rejection through governance,
 * approved applicants creating their validator (an unapproved one is refused), re-attested
 * declarations, removals through governance, planned operator rotations and their
 * cancellation, recoveries proposed by anyone, approved through governance or vetoed by the
 * operator, or by any tx its current operator signs (invalid: a cancel by a stranger, wrong
 * signer). Demotions and restorations come from the concentration epochs the operations'
 * power changes drive.
 * Invariants: approvals agree with applications, demotions name approved operators, and the
 * rotation indexes (pending by operator, completion queue) are exactly the pending rotations.
 */
export function validatorgovSimulation(k: ValidatorgovKeeper): ModuleSimulation {
  const staking = k.deps.staking;
  const approvedOthers = (s: SimState) => s.accounts.slice(1).filter((a) => k.isApproved(s.ctx, a));
  /** Approved operators (not the genesis one) whose validator exists and who have no rotation pending. */
  const rotatable = (s: SimState) =>
    approvedOthers(s).filter((a) => staking.getValidator(s.ctx, valoperOf(a)) && k.pendingByOperator.get(s.ctx, a) === undefined);
  /** An account free to become an operator: never applied, not approved, no validator. */
  const freeOperator = (s: SimState) => {
    const free = newOperators(s).filter((a) => !k.applications.has(s.ctx, a) && !staking.getValidator(s.ctx, valoperOf(a)));
    return free.length === 0 ? undefined : s.rng.pick(free);
  };
  const pendingRotations = (s: SimState) => [...k.pendingByOperator.entries(s.ctx)].map(([, id]) => k.rotations.get(s.ctx, id)!);
  return {
    operations: [
      {
        name: "validatorgov/apply",
        weight: 2,
        build: (s) => {
          // A valid declaration always files a fresh pending application, whatever was stored.
          const creator = s.rng.pick(applicants(s));
          const msg = simMsg(T + "MsgApplyValidator", tx.MsgApplyValidator, {
            creator,
            moniker: `sim-${creator.slice(-6)}`,
            description: "",
            ...declaration(s, creator),
          });
          return { signer: creator, msgs: [msg], expect: "ok" };
        },
      },
      {
        name: "validatorgov/decide-application",
        weight: 2,
        build: (s) => {
          const pending = applicants(s).filter((a) => k.applications.get(s.ctx, a)?.status === ApplicationStatus.pending);
          if (pending.length === 0) return undefined;
          const msg = simMsg(T + "MsgApproveValidator", tx.MsgApproveValidator, {
            authority: s.govAuthority,
            candidate: s.rng.pick(pending),
            approve: !s.rng.oneIn(5),
          });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "validatorgov/remove",
        weight: 1,
        build: (s) => {
          // Only while enough validators are bonded for the set to stay able to govern.
          if (!s.rng.oneIn(4) || staking.bondedValidators(s.ctx).length < 6) return undefined;
          const approved = approvedOthers(s);
          if (approved.length === 0) return undefined;
          const msg = simMsg(T + "MsgApproveValidator", tx.MsgApproveValidator, {
            authority: s.govAuthority,
            candidate: s.rng.pick(approved),
            approve: false,
          });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
      {
        // Approved after genesis: the operator creates its validator; an unapproved one is refused.
        name: "validatorgov/create-validator",
        weight: 2,
        build: (s) => {
          const pool = [...applicants(s), ...newOperators(s)].filter((a) => !staking.getValidator(s.ctx, valoperOf(a)));
          if (pool.length === 0) return undefined;
          const op = s.rng.pick(pool);
          // A fresh consensus key: an operator rotated away from a validator left its old key in use.
          const pubkey = {
            typeUrl: "/cosmos.crypto.ed25519.PubKey",
            value: PubKey.encode({ key: createHash("sha256").update(`sim-consensus/${op}/${s.ctx.height}`).digest() }).finish(),
          };
          const msg = simMsg("/cosmos.staking.v1beta1.MsgCreateValidator", MsgCreateValidator, {
            description: { moniker: `sim-${op.slice(-6)}`, identity: "", website: "", securityContact: "", details: "" },
            commission: { rate: decToWire(DEC_ONE / 20n), maxRate: decToWire(DEC_ONE / 2n), maxChangeRate: decToWire(DEC_ONE / 100n) },
            minSelfDelegation: "1000000",
            delegatorAddress: "",
            validatorAddress: valoperOf(op),
            pubkey,
            value: { denom: s.bondDenom, amount: (1_000_000n + s.rng.bigint(5_000_000_000n)).toString() },
          });
          return { signer: op, msgs: [msg], expect: k.isApproved(s.ctx, op) ? "ok" : "fail" };
        },
      },
      {
        name: "validatorgov/attest-ownership",
        weight: 1,
        build: (s) => {
          const creator = s.rng.pick(s.accounts.slice(1, 17));
          const msg = simMsg(T + "MsgAttestOwnership", tx.MsgAttestOwnership, { creator, ...declaration(s, creator) });
          return { signer: creator, msgs: [msg], expect: k.isApproved(s.ctx, creator) ? "ok" : "fail" };
        },
      },
      {
        name: "validatorgov/rotate-operator",
        weight: 1,
        build: (s) => {
          const ops = rotatable(s);
          const next = freeOperator(s);
          if (ops.length === 0 || !next) return undefined;
          const creator = s.rng.pick(ops);
          return {
            signer: creator,
            msgs: [simMsg(T + "MsgRotateOperator", tx.MsgRotateOperator, { creator, newOperator: next })],
            expect: "ok",
            involves: [next],
          };
        },
      },
      {
        name: "validatorgov/propose-recovery",
        weight: 1,
        build: (s) => {
          const ops = rotatable(s);
          const next = freeOperator(s);
          if (ops.length === 0 || !next) return undefined;
          const current = s.rng.pick(ops);
          const creator = otherAccount(s, current);
          const msg = simMsg(T + "MsgProposeOperatorRecovery", tx.MsgProposeOperatorRecovery, {
            creator,
            currentOperator: current,
            newOperator: next,
            reason: "simulated key loss",
          });
          return { signer: creator, msgs: [msg], expect: "ok", involves: [current, next] };
        },
      },
      {
        name: "validatorgov/approve-recovery",
        weight: 1,
        build: (s) => {
          const open = pendingRotations(s).filter((r) => r.kind === RotationKind.ROTATION_KIND_RECOVERY && !r.approved);
          if (open.length === 0) return undefined;
          const msg = simMsg(T + "MsgApproveOperatorRecovery", tx.MsgApproveOperatorRecovery, {
            authority: s.govAuthority,
            rotationId: s.rng.pick(open).id,
            approve: !s.rng.oneIn(4),
          });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
      {
        // The current operator cancels its rotation or vetoes a recovery; a stranger is refused.
        name: "validatorgov/cancel-rotation",
        weight: 1,
        build: (s): SimTx | undefined => {
          const open = pendingRotations(s).filter((r) => s.accounts.includes(r.currentOperator));
          if (open.length === 0) return undefined;
          const r = s.rng.pick(open);
          const stranger = s.rng.oneIn(3);
          const creator = stranger ? otherAccount(s, r.currentOperator) : r.currentOperator;
          // A rotation due at the next block's end completes after the txs run, so the cancel still finds it pending.
          return {
            signer: creator,
            msgs: [simMsg(T + "MsgCancelOperatorRotation", tx.MsgCancelOperatorRotation, { creator, rotationId: r.id })],
            expect: stranger ? "fail" : "ok",
            involves: [r.currentOperator, r.newOperator],
          };
        },
      },
      {
        name: "validatorgov/apply-wrong-signer",
        weight: 1,
        build: (s) => {
          const creator = s.rng.pick(applicants(s));
          const msg = simMsg(T + "MsgApplyValidator", tx.MsgApplyValidator, {
            creator,
            moniker: "sim",
            description: "",
            ...declaration(s, creator),
          });
          return { signer: creator, signWith: otherAccount(s, creator), msgs: [msg], expect: "fail" };
        },
      },
    ],
    invariants: [
      {
        name: "validatorgov/approvals",
        check: (ctx) => {
          for (const [operator, a] of k.approved.iterate(ctx)) {
            if (a.candidate !== operator) return `approval of ${a.candidate} stored under ${operator}`;
            const status = k.applications.get(ctx, operator)?.status;
            if (status !== ApplicationStatus.approved && status !== ApplicationStatus.pending && status !== ApplicationStatus.rejected)
              return `approved ${operator} has no live application`;
          }
          for (const [candidate, app] of k.applications.iterate(ctx)) {
            if (app.status === ApplicationStatus.approved && !k.approved.has(ctx, candidate))
              return `application of ${candidate} is approved without an approval record`;
          }
          for (const [operator, d] of k.demotions.iterate(ctx)) {
            if (d.operator !== operator || !k.approved.has(ctx, operator))
              return `demotion of ${d.operator} (key ${operator}) names no approved operator`;
          }
          return undefined;
        },
      },
      {
        name: "validatorgov/rotation-indexes",
        check: (ctx) => {
          let pending = 0;
          let queued = 0;
          for (const [id, r] of k.rotations.iterate(ctx)) {
            if (r.id !== id || id >= k.nextRotationId.peek(ctx)) return `rotation ${r.id} stored under ${id}`;
            if (r.status !== RotationStatus.ROTATION_STATUS_PENDING) continue;
            pending++;
            if (k.pendingByOperator.get(ctx, r.currentOperator) !== id)
              return `pending rotation ${id} of ${r.currentOperator} is not its operator's pending one`;
            if (r.completesAtHeight > 0n) {
              queued++;
              if (!k.completionQueue.has(ctx, r.completesAtHeight, id))
                return `pending rotation ${id} is not queued at ${r.completesAtHeight}`;
            }
          }
          let indexed = 0;
          for (const _ of k.pendingByOperator.entries(ctx)) indexed++;
          let inQueue = 0;
          for (const _ of k.completionQueue.entries(ctx)) inQueue++;
          if (indexed !== pending) return `${pending} pending rotations, ${indexed} pending-by-operator entries`;
          return inQueue === queued ? undefined : `${queued} pending rotations with a clock, ${inQueue} completion queue entries`;
        },
      },
    ],
  };
}
