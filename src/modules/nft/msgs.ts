import * as tx from "cosmjs-types/cosmos/nft/v1beta1/tx";
import { accAddress } from "../../types/address";
import { defineMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { nftErrors } from "./errors";
import { nftEvents } from "./events";
import { checkId, type NftKeeper } from "./keeper";

/**
 * MsgSend as the SDK's x/nft msg server: empty ids refused, then the sender must own the NFT;
 * the transfer refuses an unknown class or NFT. x/nft registers no amino name, so aminoName
 * stays unset (the type URL stands in, as x/tx does).
 */
export function nftMsgs(k: NftKeeper): MsgDef[] {
  return [
    defineMsg({
      codec: tx.MsgSend,
      responseCodec: tx.MsgSendResponse,
      signer: "sender",
      validate: (m) => {
        if (m.classId === "") throw nftErrors.ErrEmptyClassID.wrap("class id is empty");
        if (m.id === "") throw nftErrors.ErrEmptyNFTID.wrap("nft id is empty");
        checkId(m.classId, "class id");
        checkId(m.id, "nft id");
        if (!accAddress.isValid(m.receiver))
          throw sdkErrors.ErrInvalidAddress.wrap(`invalid receiver address (${m.receiver.slice(0, 100)})`);
      },
      handle: (ctx, m) => {
        const owner = k.getOwner(ctx, m.classId, m.id);
        if (owner !== m.sender) throw sdkErrors.ErrUnauthorized.wrap(`${m.sender} is not the owner of nft ${m.id}`);
        k.transfer(ctx, m.classId, m.id, m.receiver);
        nftEvents.send(ctx, m.classId, m.id, m.sender, m.receiver);
        return {};
      },
    }),
  ];
}
