import * as tx from "../../gen/ibc/applications/transfer/v1/tx";
import { accAddress } from "../../types/address";
import { govAuthority } from "../../types/authority";
import { defineMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { ibcErrors } from "./errors";
import type { TransferKeeper } from "./keeper";
import { validateMsgTransfer } from "./msg-transfer";

/** ibc.applications.transfer.v1.Msg: Transfer and UpdateParams (authority: gov). */
export function transferMsgs(k: TransferKeeper): MsgDef[] {
  return [
    defineMsg({
      codec: tx.MsgTransfer,
      responseCodec: tx.MsgTransferResponse,
      signer: "sender",
      aminoName: "cosmos-sdk/MsgTransfer",
      validate: (m) => {
        const token = validateMsgTransfer(m);
        accAddress.validate(m.sender);
        return token;
      },
      handle: (ctx, m, token) => ({
        sequence: k.transfer(ctx, {
          sourcePort: m.sourcePort,
          sourceChannel: m.sourceChannel,
          token,
          sender: m.sender,
          receiver: m.receiver,
          timeoutHeight: m.timeoutHeight,
          timeoutTimestamp: m.timeoutTimestamp,
          memo: m.memo,
        }),
      }),
    }),
    defineMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      signer: "signer",
      validate: (m) => {
        accAddress.validate(m.signer);
      },
      handle: (ctx, m) => {
        const authority = govAuthority();
        if (m.signer !== authority) throw ibcErrors.ErrUnauthorized.wrap(`expected ${authority}, got ${m.signer}`);
        k.params.set(ctx, { sendEnabled: m.params?.sendEnabled ?? false, receiveEnabled: m.params?.receiveEnabled ?? false });
        return {};
      },
    }),
  ];
}
