import { DepositStatus, RedemptionStatus, type Redemption } from "../../gen/blockchain/custody/v1/custody";
import * as tx from "../../gen/blockchain/custody/v1/tx";
import { newestRecords, OpenRecords, otherAccount, simMsg, type ModuleSimulation, type SimState } from "../../types/simulation";
import type { CustodyKeeper } from "./keeper";

const T = "/blockchain.custody.v1.";
const ASSETS = ["ucbtc", "uceth"];
/** Deposits an operation reads: the newest of an asset (pending ones are recent; the history grows with the run). */
const RECENT = 256;

function attestors(k: CustodyKeeper, s: SimState): string[] {
  return [...k.attestors.iterate(s.ctx)].filter((a) => s.accounts.includes(a));
}

/**
 * Custody operations (assets registered and attestors set through governance, deposits
 * attested until the threshold credits them, redemptions requested and settled once payable;
 * invalid: attesting without being an attestor, redeeming more than the supply) and the
 * "nothing created" invariant: every asset's supply is at most its credited deposits minus its
 * redemptions (claims burn when redemption is requested; a redemption records the amount less
 * its fee, so the burn can exceed what it records).
 */
export function custodySimulation(k: CustodyKeeper): ModuleSimulation {
  // Pending redemptions, kept between blocks so settled ones (the history) are not read again.
  const pendingRedemptions = new OpenRecords<Redemption>((r) => r.status === RedemptionStatus.REDEMPTION_STATUS_PENDING, 0);
  const pending = (s: SimState) => pendingRedemptions.read(s.ctx, k.redemptions, k.nextRedemption.peek(s.ctx) - 1n).open.map(([, r]) => r);
  return {
    operations: [
      {
        name: "custody/register-asset",
        weight: 1,
        build: (s) => {
          const denom = s.rng.pick(ASSETS);
          if (k.assets.has(s.ctx, denom)) return undefined;
          return {
            signer: s.rng.pick(s.accounts),
            authority: true,
            msgs: [
              simMsg(T + "MsgRegisterAsset", tx.MsgRegisterAsset, {
                authority: s.govAuthority,
                denom,
                sourceChain: "simchain",
                symbol: denom.slice(2).toUpperCase(),
                exponent: 6,
              }),
            ],
            expect: "any",
          };
        },
      },
      {
        name: "custody/set-attestor",
        weight: 1,
        build: (s) => {
          if (attestors(k, s).length >= 3 && !s.rng.oneIn(4)) return undefined;
          const attestor = s.rng.pick(s.accounts.slice(0, 12));
          return {
            signer: s.rng.pick(s.accounts),
            authority: true,
            msgs: [simMsg(T + "MsgSetAttestor", tx.MsgSetAttestor, { authority: s.govAuthority, attestor, active: !s.rng.oneIn(6) })],
            expect: "any",
          };
        },
      },
      {
        name: "custody/attest-deposit",
        weight: 4,
        build: (s) => {
          const as = attestors(k, s);
          const assets = [...k.assets.keys(s.ctx)];
          if (as.length === 0 || assets.length === 0) return undefined;
          const attestor = s.rng.pick(as);
          // Half the time a second attestation of a pending deposit, else a new one.
          const pending = newestRecords(
            k.deposits,
            s.ctx,
            RECENT,
            (d) => d.status === DepositStatus.DEPOSIT_STATUS_PENDING,
            k.depositKeys.prefix(s.rng.pick(assets)),
          );
          const d = pending.length > 0 && s.rng.oneIn(2) ? s.rng.pick(pending) : undefined;
          const msg = d
            ? { attestor, denom: d.denom, recipient: d.recipient, amount: d.amount, externalRef: d.externalRef }
            : {
                attestor,
                denom: s.rng.pick(assets),
                recipient: s.rng.pick(s.accounts),
                amount: (1n + s.rng.bigint(1_000_000_000n)).toString(),
                externalRef: `ref-${s.ctx.height.toString().padStart(12, "0")}-${s.rng.int(1_000_000)}`,
              };
          return { signer: attestor, msgs: [simMsg(T + "MsgAttestDeposit", tx.MsgAttestDeposit, msg)], expect: "any" };
        },
      },
      {
        name: "custody/attest-not-attestor",
        weight: 1,
        build: (s) => {
          const assets = [...k.assets.keys(s.ctx)];
          const who = s.rng.pick(s.accounts);
          if (assets.length === 0 || k.attestors.has(s.ctx, who)) return undefined;
          const msg = simMsg(T + "MsgAttestDeposit", tx.MsgAttestDeposit, {
            attestor: who,
            denom: s.rng.pick(assets),
            recipient: who,
            amount: "1000",
            externalRef: `forged-${s.rng.int(1_000_000)}`,
          });
          return { signer: who, msgs: [msg], expect: "fail" };
        },
      },
      {
        name: "custody/request-redemption",
        weight: 2,
        build: (s) => {
          const denom = s.rng.pick(ASSETS);
          const redeemer = s.rng.pick(s.accounts);
          const balance = k.bank.getBalance(s.ctx, redeemer, denom);
          if (balance === 0n) return undefined;
          const msg = simMsg(T + "MsgRequestRedemption", tx.MsgRequestRedemption, {
            redeemer,
            denom,
            amount: (1n + s.rng.bigint(balance)).toString(),
            destination: "sim-destination",
          });
          return { signer: redeemer, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "custody/redeem-more-than-supply",
        weight: 1,
        build: (s) => {
          const assets = [...k.assets.keys(s.ctx)];
          if (assets.length === 0) return undefined;
          const denom = s.rng.pick(assets);
          const redeemer = s.rng.pick(s.accounts);
          const msg = simMsg(T + "MsgRequestRedemption", tx.MsgRequestRedemption, {
            redeemer,
            denom,
            amount: (k.bank.getSupply(s.ctx, denom) + 1n).toString(),
            destination: "sim-destination",
          });
          return { signer: redeemer, msgs: [msg], expect: "fail" };
        },
      },
      {
        name: "custody/settle-redemption",
        weight: 2,
        build: (s) => {
          const as = attestors(k, s);
          const payable = pending(s).filter((r) => r.payableAtHeight <= s.ctx.height + 1n);
          if (as.length === 0 || payable.length === 0) return undefined;
          const attestor = s.rng.pick(as);
          return {
            signer: attestor,
            msgs: [
              simMsg(T + "MsgSettleRedemption", tx.MsgSettleRedemption, {
                attestor,
                redemptionId: s.rng.pick(payable).id,
                settledRef: `paid-${s.rng.int(1_000_000)}`,
              }),
            ],
            expect: "any",
          };
        },
      },
      {
        name: "custody/settle-as-stranger",
        weight: 1,
        build: (s) => {
          const open = pending(s);
          if (open.length === 0) return undefined;
          const stranger = otherAccount(s, s.accounts[0]);
          if (k.attestors.has(s.ctx, stranger)) return undefined;
          return {
            signer: stranger,
            msgs: [
              simMsg(T + "MsgSettleRedemption", tx.MsgSettleRedemption, {
                attestor: stranger,
                redemptionId: open[0].id,
                settledRef: "forged",
              }),
            ],
            expect: "fail",
          };
        },
      },
    ],
    invariants: [
      {
        name: "custody/supply-within-deposits-minus-redemptions",
        check: (ctx) => {
          const net = new Map<string, bigint>();
          for (const [, d] of k.deposits.iterate(ctx))
            if (d.status === DepositStatus.DEPOSIT_STATUS_CREDITED) net.set(d.denom, (net.get(d.denom) ?? 0n) + BigInt(d.amount));
          for (const [, r] of k.redemptions.iterate(ctx)) net.set(r.denom, (net.get(r.denom) ?? 0n) - BigInt(r.amount));
          for (const [denom] of k.assets.iterate(ctx)) {
            const supply = k.bank.getSupply(ctx, denom);
            const want = net.get(denom) ?? 0n;
            if (supply > want) return `${denom}: supply ${supply} exceeds credited deposits minus redemptions ${want}`;
          }
          return undefined;
        },
      },
    ],
  };
}
