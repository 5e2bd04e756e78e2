import { GenericAuthorization } from "cosmjs-types/cosmos/authz/v1beta1/authz";
import * as tx from "cosmjs-types/cosmos/authz/v1beta1/tx";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { accAddress } from "../../types/address";
import { otherAccount, simMsg, type ModuleSimulation, type SimState, type SimTx } from "../../types/simulation";
import { MAX_EXEC_DEPTH, type AuthzKeeper } from "./keeper";

const SEND = "/cosmos.bank.v1beta1.MsgSend";

/**
 * Authz operations (generic MsgSend grants, execs of a granter's send by its grantee,
 * revocations, a signer's own send wrapped in MsgExecs up to the nesting limit; invalid: exec
 * without a grant, nesting one level past the limit) and the invariant that the by-grantee
 * index and the expiration queue agree with the grants.
 */
export function authzSimulation(k: AuthzKeeper): ModuleSimulation {
  return {
    operations: [
      {
        name: "authz/grant-send",
        weight: 2,
        build: (s) => {
          const granter = s.rng.pick(s.accounts);
          const grantee = otherAccount(s, granter);
          const authorization = {
            typeUrl: "/cosmos.authz.v1beta1.GenericAuthorization",
            value: GenericAuthorization.encode({ msg: SEND }).finish(),
          };
          const expiration = s.rng.oneIn(2) ? undefined : { seconds: s.ctx.unixSeconds + 60n + BigInt(s.rng.int(7200)), nanos: 0 };
          return {
            signer: granter,
            msgs: [simMsg("/cosmos.authz.v1beta1.MsgGrant", tx.MsgGrant, { granter, grantee, grant: { authorization, expiration } })],
            expect: "any",
          };
        },
      },
      {
        name: "authz/exec-send",
        weight: 3,
        build: (s) => {
          const grantee = s.rng.pick(s.accounts);
          const grants = [...k.grants.indexes.byGrantee.iterate(s.ctx, k.grantKey.prefix(accAddress.decode(grantee)))].filter(
            ([, , url]) => url === SEND,
          );
          if (grants.length === 0) return undefined;
          const granter = accAddress.encode(s.rng.pick(grants)[0]);
          const send = simMsg(SEND, MsgSend, {
            fromAddress: granter,
            toAddress: grantee,
            amount: [{ denom: s.bondDenom, amount: (1n + s.rng.bigint(1000n)).toString() }],
          });
          return { signer: grantee, msgs: [simMsg("/cosmos.authz.v1beta1.MsgExec", tx.MsgExec, { grantee, msgs: [send] })], expect: "any" };
        },
      },
      {
        name: "authz/exec-without-grant",
        weight: 1,
        build: (s) => {
          const grantee = s.rng.pick(s.accounts);
          const granter = otherAccount(s, grantee);
          if (k.grants.has(s.ctx, [accAddress.decode(granter), accAddress.decode(grantee), SEND])) return undefined;
          const send = simMsg(SEND, MsgSend, { fromAddress: granter, toAddress: grantee, amount: [{ denom: s.bondDenom, amount: "1" }] });
          return {
            signer: grantee,
            involves: [granter],
            msgs: [simMsg("/cosmos.authz.v1beta1.MsgExec", tx.MsgExec, { grantee, msgs: [send] })],
            expect: "fail",
          };
        },
      },
      {
        name: "authz/exec-nested-to-limit",
        weight: 1,
        build: (s) => nestedExec(s, MAX_EXEC_DEPTH, "any"),
      },
      {
        name: "authz/exec-nested-past-limit",
        weight: 1,
        build: (s) => nestedExec(s, MAX_EXEC_DEPTH + 1, "fail"),
      },
      {
        name: "authz/revoke",
        weight: 1,
        build: (s) => {
          const granter = s.rng.pick(s.accounts);
          const grants = [...k.grants.primary.keys(s.ctx, { prefix: k.grantKey.prefix(accAddress.decode(granter)) })];
          if (grants.length === 0) return undefined;
          const [, grantee, msgTypeUrl] = s.rng.pick(grants);
          return {
            signer: granter,
            msgs: [simMsg("/cosmos.authz.v1beta1.MsgRevoke", tx.MsgRevoke, { granter, grantee: accAddress.encode(grantee), msgTypeUrl })],
            expect: "ok",
          };
        },
      },
    ],
    invariants: [
      {
        name: "authz/queue",
        check: (ctx) => {
          for (const [[, granter, grantee], item] of k.queue.iterate(ctx)) {
            for (const url of item.msgTypeUrls)
              if (!k.grants.has(ctx, [granter, grantee, url])) return `the expiration queue holds a removed grant of ${url}`;
          }
          return undefined;
        },
      },
    ],
  };
}

/** A signer's own 1-unit send (no grant needed) wrapped in `depth` MsgExecs. */
function nestedExec(s: SimState, depth: number, expect: SimTx["expect"]): SimTx {
  const signer = s.rng.pick(s.accounts);
  let msg = simMsg(SEND, MsgSend, {
    fromAddress: signer,
    toAddress: otherAccount(s, signer),
    amount: [{ denom: s.bondDenom, amount: "1" }],
  });
  for (let i = 0; i < depth; i++) msg = simMsg("/cosmos.authz.v1beta1.MsgExec", tx.MsgExec, { grantee: signer, msgs: [msg] });
  return { signer, msgs: [msg], expect };
}
