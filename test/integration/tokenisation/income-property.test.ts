import { describe, expect, it } from "vitest";
import { MsgMultiSend, MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { GenericAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import { MsgExec, MsgGrant } from "cosmjs-types/cosmos/authz/v1beta1/tx";
import * as tx from "../../../src/gen/blockchain/tokenisation/v1/tx";
import { DENOM, pack, TestChain, testKey, type DeliverResult } from "../../helpers/chain";
import { Prng } from "../../helpers/prng";
import { collection, entitlement, expectTokError, fractionalisedAsset, getAsset, keys, msg, responseOf, shareDenom } from "./setup";

/**
 * THE income conservation property. Random sequences of fund / transfer (bank MsgSend,
 * MsgMultiSend, authz MsgExec) / claim and, after a realised sale, fund / claim / redeem over
 * many holders, every step a signed tx. After each step, per holder and in total:
 *   paid_i + entitlement_i <= exact_i                (never more than funded)
 *   exact_i - (paid_i + entitlement_i) < settlements_i + 1   (dust < 1 unit per holder-settlement)
 * where exact_i is the holder's exact rational share of everything funded while it held tokens.
 */

/** Exact non-negative rationals. */
class Frac {
  constructor(
    readonly n: bigint,
    readonly d: bigint,
  ) {}
  static zero = new Frac(0n, 1n);
  add(o: Frac): Frac {
    const n = this.n * o.d + o.n * this.d;
    const d = this.d * o.d;
    const g = gcd(n, d);
    return new Frac(n / g, d / g);
  }
  /** this - x as a Frac (x integer). */
  minusInt(x: bigint): Frac {
    return new Frac(this.n - x * this.d, this.d);
  }
  geInt(x: bigint): boolean {
    return this.n >= x * this.d;
  }
  ltInt(x: bigint): boolean {
    return this.n < x * this.d;
  }
}
function gcd(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  while (b) [a, b] = [b, a % b];
  return a === 0n ? 1n : a;
}

const HOLDERS = Array.from({ length: 10 }, (_, i) => testKey(`tokenisation/holder${i}`));
const GRANTEE = testKey("tokenisation/grantee");
const SEND = "/cosmos.bank.v1beta1.MsgSend";

function send(from: string, to: string, amount: bigint, denom: string) {
  return pack(SEND, MsgSend, { fromAddress: from, toAddress: to, amount: [{ denom, amount: amount.toString() }] });
}

async function runProperty(
  seed: number,
  steps: number,
  realisedSteps: number,
): Promise<{ settlements: number; fundings: number; dust: Frac }> {
  const funded = Object.fromEntries(
    [...Object.keys(keys).map((n) => `tokenisation/${n}`), ...HOLDERS.map((_, i) => `tokenisation/holder${i}`), "tokenisation/grantee"].map(
      (n) => [n, [{ denom: DENOM, amount: "100000000000" }]],
    ),
  );
  const chain = await TestChain.create({ funded });
  try {
    const rng = new Prng(seed);
    const supply = 1_000_003n + BigInt(rng.int(1000));
    const bps = 1 + rng.int(10_000);
    const id = await fractionalisedAsset(chain, {
      collection: collection({ challengeWindowSeconds: 60n }),
      supply: supply.toString(),
      holderShareBps: bps,
    });
    const denom = shareDenom(id);
    const owner = keys.owner;
    const addrs = HOLDERS.map((k) => k.address);
    const all = [owner.address, ...addrs];
    const exact = new Map<string, Frac>(all.map((a) => [a, Frac.zero]));
    const paid = new Map<string, bigint>(all.map((a) => [a, 0n]));
    const settles = new Map<string, number>(all.map((a) => [a, 0]));
    const bal = new Map<string, bigint>(all.map((a) => [a, a === owner.address ? supply : 0n]));
    let totalSupply = supply;
    let fundedTotal = 0n;
    // Vault.funded: every payment whole, the sponsor's part of a FundVault included.
    let grossTotal = 0n;
    let fundings = 0;
    const keyOf = (a: string) => (a === owner.address ? owner : HOLDERS[addrs.indexOf(a)]);
    const settle = (...who: string[]) => who.forEach((w) => settles.set(w, settles.get(w)! + 1));

    // Every holder lets GRANTEE move its MsgSends (authz path).
    for (const k of [owner, ...HOLDERS]) {
      await chain.mustDeliver(k, [
        pack("/cosmos.authz.v1beta1.MsgGrant", MsgGrant, {
          granter: k.address,
          grantee: GRANTEE.address,
          grant: {
            authorization: pack("/cosmos.authz.v1beta1.GenericAuthorization", GenericAuthorization, { msg: SEND }),
            expiration: undefined,
          },
        }),
      ]);
    }

    const holdersWithBalance = () => all.filter((a) => bal.get(a)! > 0n);
    const pick = <X>(xs: X[]) => xs[rng.int(xs.length)];

    const fund = async () => {
      const amount = 1n + BigInt(rng.int(rng.int(2) ? 50 : 5_000_000));
      const collected = (amount * BigInt(bps)) / 10_000n;
      const res = await chain.deliver(keys.mallory, [msg.fund(keys.mallory.address, id, amount)]);
      if (collected === 0n || (collected * 10n ** 18n) / totalSupply === 0n) {
        expectTokError(res, 11);
        return;
      }
      expect(res.log).toBe("");
      expect(responseOf(res, tx.MsgFundVaultResponse).collected).toEqual({ denom: DENOM, amount: collected.toString() });
      fundedTotal += collected;
      grossTotal += amount;
      fundings++;
      for (const a of all) {
        const b = bal.get(a)!;
        if (b > 0n) exact.set(a, exact.get(a)!.add(new Frac(collected * b, totalSupply)));
      }
    };
    const move = (from: string, to: string, amount: bigint) => {
      bal.set(from, bal.get(from)! - amount);
      bal.set(to, bal.get(to)! + amount);
    };
    const transfer = async (halted: boolean) => {
      const from = pick(holdersWithBalance());
      const to = pick(all.filter((a) => a !== from));
      const amount = 1n + BigInt(rng.int(Number(bal.get(from)! < 1_000_000n ? bal.get(from)! : 1_000_000n)));
      const path = rng.int(3);
      let res: DeliverResult;
      if (path === 0) res = await chain.deliver(keyOf(from), [send(from, to, amount, denom)]);
      else if (path === 1) {
        const to2 = pick(all.filter((a) => a !== from));
        const half = amount / 2n;
        const outputs =
          half > 0n && amount - half > 0n
            ? [
                { address: to, coins: [{ denom, amount: half.toString() }] },
                { address: to2, coins: [{ denom, amount: (amount - half).toString() }] },
              ]
            : [{ address: to, coins: [{ denom, amount: amount.toString() }] }];
        res = await chain.deliver(keyOf(from), [
          pack("/cosmos.bank.v1beta1.MsgMultiSend", MsgMultiSend, {
            inputs: [{ address: from, coins: [{ denom, amount: amount.toString() }] }],
            outputs,
          }),
        ]);
        if (!halted && res.code === 0) {
          for (const o of outputs) {
            move(from, o.address, BigInt(o.coins[0].amount));
            settle(from, o.address);
          }
          return;
        }
      } else
        res = await chain.deliver(GRANTEE, [
          pack("/cosmos.authz.v1beta1.MsgExec", MsgExec, { grantee: GRANTEE.address, msgs: [send(from, to, amount, denom)] }),
        ]);
      if (halted) {
        expectTokError(res, 13);
        return;
      }
      expect(res.log).toBe("");
      move(from, to, amount);
      settle(from, to);
    };
    const claim = async () => {
      const who = pick(all);
      const owed = entitlement(chain, id, who);
      const res = await chain.deliver(keyOf(who), [msg.claim(who, id)]);
      if (owed === 0n) {
        expectTokError(res, 23);
        return;
      }
      expect(res.log).toBe("");
      const got = responseOf(res, tx.MsgClaimResponse).paid;
      expect(got).toEqual([{ denom: DENOM, amount: owed.toString() }]);
      paid.set(who, paid.get(who)! + owed);
      settle(who);
    };
    const redeem = async () => {
      const who = pick(holdersWithBalance());
      const amount = rng.int(3) === 0 ? bal.get(who)! : 1n + BigInt(rng.int(Number(bal.get(who)!)));
      // The redeemed tokens' part of what is owed; the rest stays accrued.
      const owed = (entitlement(chain, id, who) * amount) / bal.get(who)!;
      const res = await chain.deliver(keyOf(who), [msg.redeem(who, id, amount)]);
      expect(res.log).toBe("");
      const got = responseOf(res, tx.MsgRedeemResponse).paid;
      expect(got).toEqual(owed > 0n ? [{ denom: DENOM, amount: owed.toString() }] : []);
      paid.set(who, paid.get(who)! + owed);
      bal.set(who, bal.get(who)! - amount);
      totalSupply -= amount;
      settle(who);
    };

    const check = () => {
      let sumChain = 0n;
      let sumExact = Frac.zero;
      let settlements = 0;
      for (const a of all) {
        expect(chain.balance(a, denom)).toBe(bal.get(a));
        const onChain = paid.get(a)! + entitlement(chain, id, a);
        const ex = exact.get(a)!;
        // Never more than the exact share of what was funded...
        expect(ex.geInt(onChain), `holder ${a}: chain ${onChain} exceeds exact ${ex.n}/${ex.d}`).toBe(true);
        // ...and short of it by less than one unit per settlement of the holder (plus the final read).
        expect(ex.minusInt(onChain).ltInt(BigInt(settles.get(a)! + 1)), `holder ${a}: dust too large`).toBe(true);
        sumChain += onChain;
        sumExact = sumExact.add(ex);
        settlements += settles.get(a)! + 1;
      }
      expect(sumChain <= fundedTotal).toBe(true);
      const v = getAsset(chain, id).vault!;
      const totalPaid = [...paid.values()].reduce((x, y) => x + y, 0n);
      expect(BigInt(v.funded[0]?.amount ?? "0")).toBe(grossTotal);
      // The vault holds everything funded that was not paid out: entitlements are covered.
      expect(BigInt(v.held[0]?.amount ?? "0")).toBe(fundedTotal - totalPaid);
      expect(BigInt(v.held[0]?.amount ?? "0") >= sumChain - totalPaid).toBe(true);
      return { settlements, dust: sumExact.minusInt(sumChain) };
    };

    for (let i = 0; i < steps; i++) {
      const r = rng.int(10);
      if (r < 3) await fund();
      else if (r < 8) await transfer(false);
      else await claim();
      check();
    }
    // The sale: reported, window passed, proceeds paid; redemption opens and trading halts.
    const price = 10_000_000n;
    await chain.mustDeliver(owner, [msg.report(owner.address, id, price)]);
    const proceeds = (price * BigInt(bps)) / 10_000n;
    const pr = await chain.mustDeliver(keys.mallory, [msg.payProceeds(keys.mallory.address, id, proceeds + 5n)]);
    expect(responseOf(pr, tx.MsgPaySaleProceedsResponse)).toEqual({
      paid: { denom: DENOM, amount: proceeds.toString() },
      outstanding: { denom: DENOM, amount: "0" },
    });
    fundedTotal += proceeds;
    grossTotal += proceeds;
    for (const a of all) if (bal.get(a)! > 0n) exact.set(a, exact.get(a)!.add(new Frac(proceeds * bal.get(a)!, totalSupply)));
    check();
    chain.setNextBlockTime({ seconds: chain.engine.lastBlockTime.seconds + 120n, nanos: 0 });
    await chain.mustDeliver(keys.carol, [msg.finalise(keys.carol.address, id)]);
    for (let i = 0; i < realisedSteps && holdersWithBalance().length > 0; i++) {
      const r = rng.int(10);
      if (r < 2) await fund();
      else if (r < 3) await transfer(true);
      else if (r < 5) await claim();
      else await redeem();
      check();
    }
    // Redeem the rest: supply reaches zero, title burns, dust stays in the vault.
    for (const a of holdersWithBalance()) {
      const res = await chain.mustDeliver(keyOf(a), [msg.redeem(a, id, bal.get(a)!)]);
      const got = responseOf(res, tx.MsgRedeemResponse).paid;
      paid.set(a, paid.get(a)! + BigInt(got[0]?.amount ?? "0"));
      bal.set(a, 0n);
      settle(a);
    }
    const end = check();
    const asset = getAsset(chain, id);
    expect(asset.asset!.status).toBe(5);
    expect(asset.asset!.owner).toBe("");
    expect(BigInt(asset.vault!.held[0]?.amount ?? "0")).toBe(fundedTotal - [...paid.values()].reduce((x, y) => x + y, 0n));
    return { settlements: end.settlements, fundings, dust: end.dust };
  } finally {
    await chain.close();
  }
}

describe("tokenisation income conservation (property, seeded)", () => {
  it.each([[0x5eed1], [0xbeef2], [0xc0ffee3]])(
    "seed %i: entitlements + paid never exceed funded; dust < 1 unit per holder-settlement",
    async (seed) => {
      const r = await runProperty(seed, 200, 60);
      expect(r.fundings).toBeGreaterThan(5);
      expect(r.dust.ltInt(BigInt(r.settlements))).toBe(true);
    },
    240_000,
  );
});
