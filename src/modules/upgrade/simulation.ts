import * as tx from "cosmjs-types/cosmos/upgrade/v1beta1/tx";
import { Plan } from "cosmjs-types/cosmos/upgrade/v1beta1/upgrade";
import { otherAccount, simMsg, type ModuleSimulation, type SimState } from "../../types/simulation";
import type { UpgradeKeeper } from "./keeper";

const T = "/cosmos.upgrade.v1beta1.";
/** Plans lie this many blocks ahead: never reached by a run. */
const FAR = 1_000_000_000n;

const plan = (s: SimState) =>
  Plan.fromPartial({ name: `sim-upgrade-${s.rng.int(1_000_000)}`, height: s.ctx.height + FAR, info: "simulated" });

/**
 * Upgrade operations: a software-upgrade plan far in the future scheduled and cancelled by one
 * governance proposal (plans are not exported, as in the SDK, so a plan left standing would make
 * every export/import check differ by design), and both messages signed by an account that is
 * not the authority (refused). Invariant: no scheduled plan is due, since a due plan without a
 * handler halts the chain.
 */
export function upgradeSimulation(k: UpgradeKeeper): ModuleSimulation {
  return {
    operations: [
      {
        name: "upgrade/schedule-and-cancel",
        weight: 1,
        build: (s) => ({
          signer: s.rng.pick(s.accounts),
          authority: true,
          msgs: [
            simMsg(T + "MsgSoftwareUpgrade", tx.MsgSoftwareUpgrade, { authority: s.govAuthority, plan: plan(s) }),
            simMsg(T + "MsgCancelUpgrade", tx.MsgCancelUpgrade, { authority: s.govAuthority }),
          ],
          expect: "any",
        }),
      },
      {
        name: "upgrade/schedule-not-authority",
        weight: 1,
        build: (s) => {
          const signer = s.rng.pick(s.accounts);
          const msg = s.rng.oneIn(2)
            ? simMsg(T + "MsgSoftwareUpgrade", tx.MsgSoftwareUpgrade, { authority: signer, plan: plan(s) })
            : simMsg(T + "MsgCancelUpgrade", tx.MsgCancelUpgrade, { authority: signer });
          return { signer, msgs: [msg], expect: "fail" };
        },
      },
      {
        name: "upgrade/schedule-wrong-signer",
        weight: 1,
        build: (s) => {
          const signer = s.rng.pick(s.accounts);
          return {
            signer,
            signWith: otherAccount(s, signer),
            msgs: [simMsg(T + "MsgSoftwareUpgrade", tx.MsgSoftwareUpgrade, { authority: s.govAuthority, plan: plan(s) })],
            expect: "fail",
          };
        },
      },
    ],
    invariants: [
      {
        name: "upgrade/no-plan-due",
        check: (ctx) => {
          const p = k.plan.get(ctx);
          return p && p.height <= ctx.height ? `plan ${p.name} was due at ${p.height} and is still scheduled` : undefined;
        },
      },
    ],
  };
}
