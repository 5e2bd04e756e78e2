import { BasicAllowance } from "cosmjs-types/cosmos/feegrant/v1beta1/feegrant";
import * as tx from "cosmjs-types/cosmos/feegrant/v1beta1/tx";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { accAddress } from "../../types/address";
import { otherAccount, simMsg, type ModuleSimulation } from "../../types/simulation";
import type { FeegrantKeeper } from "./keeper";

/**
 * Feegrant operations (basic allowances granted and revoked, txs whose fee a granter pays;
 * invalid: a fee charged to a granter who granted nothing) and the invariant that the
 * by-granter index and the expiration queue agree with the allowances.
 */
export function feegrantSimulation(k: FeegrantKeeper): ModuleSimulation {
  return {
    operations: [
      {
        name: "feegrant/grant",
        weight: 2,
        build: (s) => {
          const granter = s.rng.pick(s.accounts);
          const grantee = otherAccount(s, granter);
          const limit = [{ denom: s.bondDenom, amount: (2000n + s.rng.bigint(100_000n)).toString() }];
          const allowance = {
            typeUrl: "/cosmos.feegrant.v1beta1.BasicAllowance",
            value: BasicAllowance.encode(BasicAllowance.fromPartial({ spendLimit: limit })).finish(),
          };
          return {
            signer: granter,
            msgs: [simMsg("/cosmos.feegrant.v1beta1.MsgGrantAllowance", tx.MsgGrantAllowance, { granter, grantee, allowance })],
            expect: "any",
          };
        },
      },
      {
        name: "feegrant/revoke",
        weight: 1,
        build: (s) => {
          const granter = s.rng.pick(s.accounts);
          const grantees = [...k.allowances.indexes.byGranter.iterate(s.ctx, k.pairKey.prefix(accAddress.decode(granter)))].map(
            ([grantee]) => grantee,
          );
          if (grantees.length === 0) return undefined;
          const grantee = s.rng.pick(grantees);
          return {
            signer: granter,
            msgs: [
              simMsg("/cosmos.feegrant.v1beta1.MsgRevokeAllowance", tx.MsgRevokeAllowance, {
                granter,
                grantee: accAddress.encode(grantee),
              }),
            ],
            expect: "any",
          };
        },
      },
      {
        name: "feegrant/use-allowance",
        weight: 3,
        build: (s) => {
          const grantee = s.rng.pick(s.accounts);
          const grants = [...k.allowances.iterate(s.ctx, { prefix: k.pairKey.prefix(accAddress.decode(grantee)) })];
          if (grants.length === 0) return undefined;
          const [[, granter]] = s.rng.pick(grants);
          const send = simMsg("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
            fromAddress: grantee,
            toAddress: accAddress.encode(granter),
            amount: [{ denom: s.bondDenom, amount: "1" }],
          });
          return { signer: grantee, msgs: [send], feeGranter: accAddress.encode(granter), expect: "any" };
        },
      },
      {
        name: "feegrant/use-missing-allowance",
        weight: 1,
        build: (s) => {
          const grantee = s.rng.pick(s.accounts);
          const granter = otherAccount(s, grantee);
          if (k.getAllowance(s.ctx, granter, grantee)) return undefined;
          const send = simMsg("/cosmos.bank.v1beta1.MsgSend", MsgSend, {
            fromAddress: grantee,
            toAddress: granter,
            amount: [{ denom: s.bondDenom, amount: "1" }],
          });
          return { signer: grantee, msgs: [send], feeGranter: granter, expect: "fail" };
        },
      },
    ],
    invariants: [
      {
        name: "feegrant/records-and-queue",
        check: (ctx) => {
          for (const [[grantee, granter], g] of k.allowances.iterate(ctx)) {
            if (g.granter !== accAddress.encode(granter) || g.grantee !== accAddress.encode(grantee))
              return "an allowance's record disagrees with its key";
          }
          for (const [, grantee, granter] of k.queue.iterate(ctx)) {
            if (!k.allowances.has(ctx, [grantee, granter])) return "the expiration queue holds a removed allowance";
          }
          return undefined;
        },
      },
    ],
  };
}
