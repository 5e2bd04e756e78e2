import * as tx from "../../gen/blockchain/builderfee/v1/tx";
import { accAddress } from "../../types/address";
import { requireAuthority } from "../../types/authority";
import { defineMsg, defineUpdateParamsMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { builderfeeErrors } from "./errors";
import type { BuilderfeeKeeper } from "./keeper";
import { validateBuilderfeeParams } from "./params";
import { validateMsgTypeUrl } from "./type-url";

const T = "/blockchain.builderfee.v1.";
const AMINO = "blockchain/x/builderfee/";

export function builderfeeMsgs(k: BuilderfeeKeeper): MsgDef[] {
  return [
    defineUpdateParamsMsg({
      typeUrl: T + "MsgUpdateParams",
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams",
      invalidSigner: builderfeeErrors.ErrInvalidSigner,
      validate: validateBuilderfeeParams,
      store: k.params,
    }),
    defineMsg({
      typeUrl: T + "MsgRegisterBuilder",
      codec: tx.MsgRegisterBuilder,
      responseCodec: tx.MsgRegisterBuilderResponse,
      signer: "creator",
      validate: (m) => {
        accAddress.validate(m.creator);
        accAddress.validate(m.payoutAddress);
        validateMsgTypeUrl(m.msgTypeUrl);
      },
      handle: (ctx, m) => {
        k.registerBuilder(ctx, { creator: m.creator, msgTypeUrl: m.msgTypeUrl, payoutAddress: m.payoutAddress });
        return {};
      },
    }),
    defineMsg({
      typeUrl: T + "MsgApproveBuilder",
      codec: tx.MsgApproveBuilder,
      responseCodec: tx.MsgApproveBuilderResponse,
      signer: "authority",
      aminoName: AMINO + "MsgApproveBuilder",
      handle: (ctx, m) => {
        requireAuthority(m.authority, builderfeeErrors.ErrInvalidSigner);
        k.decideApplication(ctx, m.msgTypeUrl, m.approve);
        return {};
      },
    }),
  ];
}
