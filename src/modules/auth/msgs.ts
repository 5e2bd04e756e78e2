import { MsgUpdateParams, MsgUpdateParamsResponse } from "cosmjs-types/cosmos/auth/v1beta1/tx";
import { requireAuthority } from "../../types/authority";
import { defineMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import type { AuthKeeper } from "./keeper";
import { validateAuthParams } from "./params";

export function authMsgs(k: AuthKeeper): MsgDef[] {
  return [
    defineMsg({
      typeUrl: "/cosmos.auth.v1beta1.MsgUpdateParams",
      codec: MsgUpdateParams,
      responseCodec: MsgUpdateParamsResponse,
      signer: "authority",
      aminoName: "cosmos-sdk/x/auth/MsgUpdateParams",
      handle: (ctx, msg) => {
        requireAuthority(msg.authority);
        if (!msg.params) throw sdkErrors.ErrInvalidRequest.wrap("params must be set");
        validateAuthParams(msg.params);
        k.params.set(ctx, msg.params);
        return {};
      },
    }),
  ];
}
