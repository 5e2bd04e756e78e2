import * as tx from "../../gen/blockchain/builderfee/v1/tx";
import { accAddress } from "../../types/address";
import { defineAuthorityMsg, defineMsg, defineUpdateParamsMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { builderfeeErrors } from "./errors";
import type { BuilderfeeKeeper } from "./keeper";
import { validateBuilderfeeParams } from "./params";
import { validateMsgTypeUrl } from "./type-url";

const AMINO = "blockchain/x/builderfee/";

export function builderfeeMsgs(k: BuilderfeeKeeper): MsgDef[] {
  return [
    defineUpdateParamsMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: AMINO + "MsgUpdateParams",
      invalidSigner: builderfeeErrors.ErrInvalidSigner,
      validate: validateBuilderfeeParams,
      store: k.params,
    }),
    defineMsg({
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
    defineAuthorityMsg({
      codec: tx.MsgApproveBuilder,
      responseCodec: tx.MsgApproveBuilderResponse,
      invalidSigner: builderfeeErrors.ErrInvalidSigner,
      aminoName: AMINO + "MsgApproveBuilder",
      handle: (ctx, m) => {
        k.decideApplication(ctx, m.msgTypeUrl, m.approve);
        return {};
      },
    }),
  ];
}
