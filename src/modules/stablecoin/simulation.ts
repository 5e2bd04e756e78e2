import * as tx from "../../gen/blockchain/stablecoin/v1/tx";
import { moduleAddress } from "../../types/address";
import { firstBroken, otherAccount, simMsg, type ModuleSimulation, type SimState } from "../../types/simulation";
import { ApplicationStatus, STABLECOIN_MODULE, type StablecoinKeeper } from "./keeper";
import { ceilingFor } from "./params";

const T = "/blockchain.stablecoin.v1.";
/** The simulation's currencies: a small set, so registrations, approvals and revocations meet. */
const DENOMS = ["usima", "usimb", "usimc", "usimd", "usime"];

function approved(k: StablecoinKeeper, s: SimState): Array<{ denom: string; issuer: string }> {
  return [...k.issuers.iterate(s.ctx)].map(([denom, i]) => ({ denom, issuer: i.issuer })).filter((i) => s.accounts.includes(i.issuer));
}

/**
 * Stablecoin operations (currency applications, approval and revocation through governance,
 * mints up to the ceiling and burns by the issuer; invalid: minting without being the issuer,
 * burning more than the supply) and invariants: the module account never holds coins between
 * txs, no supply exceeds its ceiling, every approved issuer has an approved application.
 */
export function stablecoinSimulation(k: StablecoinKeeper): ModuleSimulation {
  return {
    operations: [
      {
        name: "stablecoin/register-currency",
        weight: 2,
        build: (s) => {
          const denom = s.rng.pick(DENOMS);
          const creator = s.rng.pick(s.accounts);
          const msg = simMsg(T + "MsgRegisterCurrency", tx.MsgRegisterCurrency, {
            creator,
            denom,
            displayDenom: denom.slice(1),
            exponent: 6n,
            name: `Sim ${denom}`,
            symbol: denom.slice(1).toUpperCase(),
            description: "simulated currency",
          });
          return { signer: creator, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "stablecoin/approve-issuer",
        weight: 2,
        build: (s) => {
          const pending = [...k.applications.iterate(s.ctx)].filter(([, a]) => a.status === ApplicationStatus.pending);
          if (pending.length === 0) return undefined;
          const [denom] = s.rng.pick(pending);
          const msg = simMsg(T + "MsgApproveIssuer", tx.MsgApproveIssuer, { authority: s.govAuthority, denom, approve: !s.rng.oneIn(5) });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "stablecoin/revoke-issuer",
        weight: 1,
        build: (s) => {
          const issuers = approved(k, s);
          if (issuers.length === 0 || !s.rng.oneIn(4)) return undefined;
          const msg = simMsg(T + "MsgRevokeIssuer", tx.MsgRevokeIssuer, {
            authority: s.govAuthority,
            denom: s.rng.pick(issuers).denom,
            reason: "simulated revocation",
          });
          return { signer: s.rng.pick(s.accounts), authority: true, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "stablecoin/mint",
        weight: 8,
        build: (s) => {
          const issuers = approved(k, s);
          if (issuers.length === 0) return undefined;
          const { denom, issuer } = s.rng.pick(issuers);
          const amount = 1n + s.rng.bigint(1_000_000_000_000n);
          const msg = simMsg(T + "MsgMintCoin", tx.MsgMintCoin, {
            issuer,
            denom,
            amount: amount.toString(),
            recipient: s.rng.pick(s.accounts),
          });
          return { signer: issuer, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "stablecoin/mint-not-issuer",
        weight: 1,
        build: (s) => {
          const issuers = approved(k, s);
          if (issuers.length === 0) return undefined;
          const { denom, issuer } = s.rng.pick(issuers);
          const other = otherAccount(s, issuer);
          const msg = simMsg(T + "MsgMintCoin", tx.MsgMintCoin, { issuer: other, denom, amount: "1000", recipient: other });
          return { signer: other, msgs: [msg], expect: "fail" };
        },
      },
      {
        name: "stablecoin/burn",
        weight: 3,
        build: (s) => {
          const issuers = approved(k, s);
          if (issuers.length === 0) return undefined;
          const { denom, issuer } = s.rng.pick(issuers);
          const balance = k.bank.getBalance(s.ctx, issuer, denom);
          if (balance === 0n) return undefined;
          const msg = simMsg(T + "MsgBurnCoin", tx.MsgBurnCoin, { issuer, denom, amount: (1n + s.rng.bigint(balance)).toString() });
          return { signer: issuer, msgs: [msg], expect: "any" };
        },
      },
      {
        name: "stablecoin/burn-more-than-supply",
        weight: 1,
        build: (s) => {
          const issuers = approved(k, s);
          if (issuers.length === 0) return undefined;
          const { denom, issuer } = s.rng.pick(issuers);
          const msg = simMsg(T + "MsgBurnCoin", tx.MsgBurnCoin, {
            issuer,
            denom,
            amount: (k.bank.getSupply(s.ctx, denom) + 1n).toString(),
          });
          return { signer: issuer, msgs: [msg], expect: "fail" };
        },
      },
    ],
    invariants: [
      {
        name: "stablecoin/module-account-empty",
        check: (ctx) => {
          const held = k.bank.getAllBalances(ctx, moduleAddress(STABLECOIN_MODULE));
          return held.length === 0
            ? undefined
            : `the ${STABLECOIN_MODULE} account holds ${held.map((c) => `${c.amount}${c.denom}`).join(",")} between txs`;
        },
      },
      {
        name: "stablecoin/issuers-and-ceilings",
        check: (ctx) => {
          const params = k.getParams(ctx);
          return firstBroken(
            [...k.issuers.iterate(ctx)].flatMap(([denom, i]) => {
              const app = k.applications.get(ctx, denom);
              const supply = k.bank.getSupply(ctx, denom);
              return [
                app?.status === ApplicationStatus.approved && app.creator === i.issuer
                  ? undefined
                  : `issuer of ${denom} has no approved application of its own`,
                supply <= ceilingFor(params, denom) ? undefined : `${denom} supply ${supply} exceeds its ceiling`,
              ];
            }),
          );
        },
      },
    ],
  };
}
