import * as tx from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { accAddress, moduleAddress } from "../../types/address";
import { otherAccount, simMsg, type ModuleSimulation, type SimState } from "../../types/simulation";
import type { BankKeeper } from "./keeper";

function send(from: string, to: string, denom: string, amount: bigint) {
  return simMsg("/cosmos.bank.v1beta1.MsgSend", tx.MsgSend, {
    fromAddress: from,
    toAddress: to,
    amount: [{ denom, amount: amount.toString() }],
  });
}

/** A random account with a positive balance of some denom, and that denom and balance. */
function funded(k: BankKeeper, s: SimState): { from: string; denom: string; balance: bigint } | undefined {
  const from = s.rng.pick(s.accounts);
  const coins = k.getAllBalances(s.ctx, from).filter((c) => c.amount > 0n);
  if (coins.length === 0) return undefined;
  const c = s.rng.pick(coins);
  return { from, denom: c.denom, balance: c.amount };
}

/**
 * Bank operations (sends of a random part of a balance, also by the upper-case spellings of the
 * addresses, multi-sends; invalid: more than the balance, wrong signer, the upper-case spelling
 * of a module account that may not receive) and invariants: total supply equals the sum of balances per denom,
 * the denom-owners index agrees with the balances, no stored balance is zero or negative.
 */
export function bankSimulation(k: BankKeeper): ModuleSimulation {
  return {
    operations: [
      {
        name: "bank/send",
        weight: 30,
        build: (s) => {
          const f = funded(k, s);
          if (!f) return undefined;
          const amount = 1n + s.rng.bigint(f.balance / 100n + 1n);
          return { signer: f.from, msgs: [send(f.from, otherAccount(s, f.from), f.denom, amount)], expect: "any" };
        },
      },
      {
        name: "bank/send-more-than-balance",
        weight: 3,
        build: (s) => {
          const f = funded(k, s);
          if (!f) return undefined;
          // More than the whole supply: no tx earlier in the block can have made it affordable.
          return {
            signer: f.from,
            msgs: [send(f.from, otherAccount(s, f.from), f.denom, k.getSupply(s.ctx, f.denom) + 1n + s.rng.bigint(1000n))],
            expect: "fail",
          };
        },
      },
      {
        name: "bank/send-wrong-signer",
        weight: 2,
        build: (s) => {
          const f = funded(k, s);
          if (!f) return undefined;
          return {
            signer: f.from,
            signWith: otherAccount(s, f.from),
            msgs: [send(f.from, otherAccount(s, f.from), f.denom, 1n)],
            expect: "fail",
          };
        },
      },
      {
        // An all-upper-case spelling is the same account: the transfer names the canonical addresses.
        name: "bank/send-upper-case",
        weight: 4,
        build: (s) => {
          const f = funded(k, s);
          if (!f) return undefined;
          const to = otherAccount(s, f.from);
          return {
            signer: f.from,
            msgs: [send(f.from.toUpperCase(), to.toUpperCase(), f.denom, 1n + s.rng.bigint(f.balance / 100n + 1n))],
            expect: "any",
            checkResult: (r) => {
              const transfer = r.events.find(
                (e) => e.type === "transfer" && e.attributes.some((a) => a.key === "recipient" && a.value === to),
              );
              return r.code !== 0 || transfer ? undefined : `no transfer event names ${to} in lower case`;
            },
          };
        },
      },
      {
        name: "bank/send-upper-case-to-blocked-module",
        weight: 2,
        build: (s) => {
          const f = funded(k, s);
          const blocked = moduleAddress(s.rng.pick(["fee_collector", "bonded_tokens_pool", "not_bonded_tokens_pool", "distribution"]));
          if (!f || !k.isBlocked(blocked)) return undefined;
          return { signer: f.from, msgs: [send(f.from, blocked.toUpperCase(), f.denom, 1n)], expect: "fail" };
        },
      },
      {
        name: "bank/multi-send",
        weight: 5,
        build: (s) => {
          const f = funded(k, s);
          if (!f || f.balance < 2n) return undefined;
          const a = 1n + s.rng.bigint(f.balance / 200n + 1n);
          const b = 1n + s.rng.bigint(f.balance / 200n + 1n);
          const outputs = [otherAccount(s, f.from), otherAccount(s, f.from)].map((address, i) => ({
            address,
            coins: [{ denom: f.denom, amount: (i === 0 ? a : b).toString() }],
          }));
          const msg = simMsg("/cosmos.bank.v1beta1.MsgMultiSend", tx.MsgMultiSend, {
            inputs: [{ address: f.from, coins: [{ denom: f.denom, amount: (a + b).toString() }] }],
            outputs,
          });
          return { signer: f.from, msgs: [msg], expect: "any" };
        },
      },
    ],
    invariants: [
      {
        name: "bank/total-supply",
        check: (ctx) => {
          const sums = new Map<string, bigint>();
          for (const [[, denom], amount] of k.balances.iterate(ctx)) {
            if (amount <= 0n) return `a stored ${denom} balance is ${amount}`;
            sums.set(denom, (sums.get(denom) ?? 0n) + amount);
          }
          for (const [denom, supply] of k.supply.iterate(ctx)) {
            const sum = sums.get(denom) ?? 0n;
            if (sum !== supply) return `${denom}: supply ${supply}, sum of balances ${sum}`;
            sums.delete(denom);
          }
          for (const [denom, sum] of sums) return `${denom}: balances sum to ${sum} with no supply record`;
          return undefined;
        },
      },
      {
        name: "bank/denom-owners-index",
        check: (ctx) => {
          let owners = 0;
          for (const [denom, addr] of k.owners.keys(ctx)) {
            owners++;
            if (!k.balances.has(ctx, [addr, denom])) return `denom owners lists ${accAddress.encode(addr)} for ${denom} with no balance`;
          }
          let balances = 0;
          for (const _ of k.balances.keys(ctx)) balances++;
          return owners === balances ? undefined : `${balances} balances but ${owners} denom-owner entries`;
        },
      },
    ],
  };
}
