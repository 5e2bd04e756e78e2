import * as tx from "cosmjs-types/cosmos/feegrant/v1beta1/tx";
import { accAddress } from "../../types/address";
import { defineMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { feegrantEvents } from "./events";
import type { FeegrantKeeper } from "./keeper";

export function feegrantMsgs(k: FeegrantKeeper): MsgDef[] {
  return [
    defineMsg({
      codec: tx.MsgGrantAllowance,
      responseCodec: tx.MsgGrantAllowanceResponse,
      signer: "granter",
      aminoName: "cosmos-sdk/MsgGrantAllowance",
      validate: (m) => {
        accAddress.validate(m.granter);
        accAddress.validate(m.grantee);
        if (m.granter === m.grantee) throw sdkErrors.ErrInvalidAddress.wrap("cannot self-grant fee authorization");
        k.validate(m.allowance);
      },
      handle: (ctx, m) => {
        if (k.getAllowance(ctx, m.granter, m.grantee)) throw sdkErrors.ErrInvalidRequest.wrap("fee allowance already exists");
        k.grantAllowance(ctx, m.granter, m.grantee, m.allowance!);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgRevokeAllowance,
      responseCodec: tx.MsgRevokeAllowanceResponse,
      signer: "granter",
      aminoName: "cosmos-sdk/MsgRevokeAllowance",
      validate: (m) => {
        accAddress.validate(m.granter);
        accAddress.validate(m.grantee);
        if (m.granter === m.grantee) throw sdkErrors.ErrInvalidAddress.wrap("addresses must be different");
      },
      handle: (ctx, m) => {
        k.revokeAllowance(ctx, m.granter, m.grantee);
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgPruneAllowances,
      responseCodec: tx.MsgPruneAllowancesResponse,
      signer: "pruner",
      aminoName: "cosmos-sdk/MsgPruneAllowances",
      validate: (m) => void accAddress.validate(m.pruner),
      handle: (ctx, m) => {
        k.pruneExpired(ctx);
        feegrantEvents.prune(ctx, m.pruner);
        return {};
      },
    }),
  ];
}
