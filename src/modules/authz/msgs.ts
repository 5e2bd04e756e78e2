import * as tx from "cosmjs-types/cosmos/authz/v1beta1/tx";
import { accAddress } from "../../types/address";
import { defineMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef, MsgRouter } from "../../types/module";
import { authzErrors } from "./errors";
import { MAX_EXEC_DEPTH, type AuthzKeeper } from "./keeper";

function validatePair(granter: string, grantee: string): void {
  accAddress.validate(granter);
  accAddress.validate(grantee);
  if (granter === grantee) throw authzErrors.ErrGranteeIsGranter.wrap();
}

/**
 * Stateless checks of MsgExec's nested messages run through the router (which validates each,
 * including nested MsgExecs); the depth counter bounds that recursion before execution does.
 */
function execValidator(router: () => MsgRouter | undefined) {
  let depth = 0;
  return (m: tx.MsgExec) => {
    accAddress.validate(m.grantee);
    if (m.msgs.length === 0) throw sdkErrors.ErrInvalidRequest.wrap("messages cannot be empty");
    const r = router();
    if (!r) return;
    if (depth >= MAX_EXEC_DEPTH) throw sdkErrors.ErrInvalidRequest.wrap(`MsgExec nested deeper than ${MAX_EXEC_DEPTH} levels`);
    depth++;
    try {
      for (const msg of m.msgs) r.signersOf(msg);
    } finally {
      depth--;
    }
  };
}

export function authzMsgs(k: AuthzKeeper, router: () => MsgRouter | undefined): MsgDef[] {
  return [
    defineMsg({
      codec: tx.MsgGrant,
      responseCodec: tx.MsgGrantResponse,
      signer: "granter",
      aminoName: "cosmos-sdk/MsgGrant",
      validate: (m) => {
        validatePair(m.granter, m.grantee);
        if (!m.grant?.authorization) throw sdkErrors.ErrInvalidType.wrap("grant has no authorization");
        k.validateAuthorization(m.grant.authorization);
      },
      handle: (ctx, m) => {
        k.grant(ctx, m.granter, m.grantee, m.grant.authorization!, m.grant.expiration);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgExec,
      responseCodec: tx.MsgExecResponse,
      signer: "grantee",
      aminoName: "cosmos-sdk/MsgExec",
      validate: execValidator(router),
      handle: (ctx, m) => ({ results: k.dispatch(ctx, m.grantee, m.msgs) }),
    }),
    defineMsg({
      codec: tx.MsgRevoke,
      responseCodec: tx.MsgRevokeResponse,
      signer: "granter",
      aminoName: "cosmos-sdk/MsgRevoke",
      validate: (m) => {
        validatePair(m.granter, m.grantee);
        if (m.msgTypeUrl === "") throw sdkErrors.ErrInvalidRequest.wrap("missing method name");
      },
      handle: (ctx, m) => {
        k.revoke(ctx, m.granter, m.grantee, m.msgTypeUrl);
        return {};
      },
    }),
  ];
}
