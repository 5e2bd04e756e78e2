import { MsgUpdateParams, MsgUpdateParamsResponse } from "cosmjs-types/cosmos/auth/v1beta1/tx";
import { defineUpdateParamsMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import type { AuthKeeper } from "./keeper";
import { validateAuthParams } from "./params";

export function authMsgs(k: AuthKeeper): MsgDef[] {
  return [
    defineUpdateParamsMsg({
      codec: MsgUpdateParams,
      responseCodec: MsgUpdateParamsResponse,
      aminoName: "cosmos-sdk/x/auth/MsgUpdateParams",
      validate: validateAuthParams,
      store: k.params,
    }),
  ];
}
