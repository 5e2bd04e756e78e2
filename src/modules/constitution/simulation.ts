import { AmendmentStatus, type Invariants } from "../../gen/blockchain/constitution/v1/constitution";
import * as tx from "../../gen/blockchain/constitution/v1/tx";
import { accAddress, valAddress } from "../../types/address";
import { otherAccount, simMsg, type ModuleSimulation, type SimState } from "../../types/simulation";
import type { StakingKeeper } from "./expected-keepers";
import { validateInvariants } from "./invariants";
import type { ConstitutionKeeper } from "./keeper";

const T = "/blockchain.constitution.v1.";

/** Pending amendment ids, read from the pending index (resolved amendments stay in state and grow with the run). */
function pendingIds(k: ConstitutionKeeper, s: SimState): bigint[] {
  return [...k.pendingByHeight.iterate(s.ctx)].map(([, id]) => id);
}

/** Bonded validators whose operators the simulation holds keys for, in account form. */
function ratifiers(staking: StakingKeeper, s: SimState): string[] {
  return staking
    .bondedValidators(s.ctx)
    .map((v) => accAddress.encode(valAddress.decode(v.operator)))
    .filter((a) => s.accounts.includes(a));
}

/** The invariants in force with the concentration ceilings and the minimum active set moved within sane bounds. */
function amended(s: SimState, current: Invariants): Invariants {
  const bps = () => 2500n + s.rng.bigint(7501n);
  return {
    ...current,
    maxEntityPowerBps: bps(),
    maxBeneficialOwnerPowerBps: bps(),
    maxJurisdictionPowerBps: bps(),
    concentrationEpochBlocks: s.rng.pick([50n, 100n]),
    minActiveValidators: 3 + s.rng.int(3),
  };
}

/**
 * Constitution operations: amendments proposed and withdrawn through governance, ratified by
 * the validators whose keys the simulation holds, enacted or lapsing at their effective height
 * (invalid: a second ratification by the same validator, a ratification by an account that runs
 * no validator, of a missing amendment, or signed by another key). Invariants: the pending index
 * is exactly the pending amendments, every amendment's ratified power is the sum of its
 * ratifications, ids within the count, and the invariants in force complete.
 */
export function constitutionSimulation(k: ConstitutionKeeper, staking: StakingKeeper): ModuleSimulation {
  const ratify = (validator: string, amendmentId: bigint) =>
    simMsg(T + "MsgRatifyAmendment", tx.MsgRatifyAmendment, { validator, amendmentId });
  return {
    operations: [
      {
        name: "constitution/propose-amendment",
        weight: 1,
        build: (s) => {
          const msg = simMsg(T + "MsgProposeAmendment", tx.MsgProposeAmendment, {
            authority: s.govAuthority,
            invariants: amended(s, k.getInvariants(s.ctx)),
            reason: "simulated amendment",
          });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "constitution/withdraw-amendment",
        weight: 1,
        build: (s) => {
          const ids = pendingIds(k, s);
          if (ids.length === 0 || !s.rng.oneIn(3)) return undefined;
          const msg = simMsg(T + "MsgWithdrawAmendment", tx.MsgWithdrawAmendment, {
            authority: s.govAuthority,
            amendmentId: s.rng.pick(ids),
          });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "constitution/ratify",
        weight: 4,
        build: (s) => {
          const ids = pendingIds(k, s);
          if (ids.length === 0) return undefined;
          const id = s.rng.pick(ids);
          const done = new Set(k.ratificationsOf(s.ctx, id).map((r) => r.validator));
          const open = ratifiers(staking, s).filter((a) => !done.has(a));
          if (open.length === 0) return undefined;
          const validator = s.rng.pick(open);
          // Only the genesis validator is never jailed by a fault at the next block's start; another may be.
          return { signer: validator, msgs: [ratify(validator, id)], expect: validator === s.accounts[0] ? "ok" : "any" };
        },
      },
      {
        name: "constitution/ratify-twice",
        weight: 1,
        build: (s) => {
          const ids = pendingIds(k, s);
          if (ids.length === 0) return undefined;
          const id = s.rng.pick(ids);
          const done = k.ratificationsOf(s.ctx, id).filter((r) => s.accounts.includes(r.validator));
          if (done.length === 0) return undefined;
          const r = s.rng.pick(done);
          return { signer: r.validator, msgs: [ratify(r.validator, id)], expect: "fail" };
        },
      },
      {
        name: "constitution/ratify-not-validator",
        weight: 1,
        build: (s) => {
          const ids = pendingIds(k, s);
          const signer = s.rng.pick(s.accounts.slice(30));
          if (ids.length === 0 || staking.getValidator(s.ctx, valAddress.encode(accAddress.decode(signer)))) return undefined;
          return { signer, msgs: [ratify(signer, s.rng.pick(ids))], expect: "fail" };
        },
      },
      {
        name: "constitution/ratify-missing-or-wrong-signer",
        weight: 1,
        build: (s) => {
          const validators = ratifiers(staking, s);
          if (validators.length === 0) return undefined;
          const validator = s.rng.pick(validators);
          const ids = pendingIds(k, s);
          if (ids.length > 0 && s.rng.oneIn(2))
            return { signer: validator, signWith: otherAccount(s, validator), msgs: [ratify(validator, s.rng.pick(ids))], expect: "fail" };
          return { signer: validator, msgs: [ratify(validator, k.nextAmendmentId.peek(s.ctx) + 1000n)], expect: "fail" };
        },
      },
    ],
    invariants: [
      {
        name: "constitution/amendments",
        check: (ctx) => {
          validateInvariants(k.invariants.get(ctx));
          const count = k.nextAmendmentId.peek(ctx) - 1n;
          const pending = new Set<bigint>();
          for (const [id, a] of k.amendments.iterate(ctx)) {
            if (id !== a.id || id < 1n || id > count) return `amendment ${a.id} stored under ${id} (count ${count})`;
            const isPending = a.status === AmendmentStatus.AMENDMENT_STATUS_PENDING;
            if (isPending !== k.pendingByHeight.has(ctx, [a.effectiveAtHeight, id]))
              return `amendment ${id} (status ${a.status}) ${isPending ? "is not" : "is"} in the pending index`;
            if (isPending) pending.add(id);
            let sum = 0n;
            for (const r of k.ratificationsOf(ctx, id)) {
              if (r.power <= 0n) return `ratification of amendment ${id} by ${r.validator} has power ${r.power}`;
              sum += r.power;
            }
            if (sum !== a.ratifiedPower) return `amendment ${id}: ratified power ${a.ratifiedPower}, ratifications sum to ${sum}`;
          }
          for (const [, id] of k.pendingByHeight.iterate(ctx))
            if (!pending.has(id)) return `pending index holds amendment ${id}, which is not pending`;
          return undefined;
        },
      },
    ],
  };
}
