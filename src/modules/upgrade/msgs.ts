import * as tx from "cosmjs-types/cosmos/upgrade/v1beta1/tx";
import { defineAuthorityMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { upgradeErrors } from "./errors";
import type { UpgradeKeeper } from "./keeper";

/** The SDK's refusal, message included ("expected <gov> got <signer>"). */
const invalidSigner = (expected: string, got: string) => upgradeErrors.ErrInvalidSigner.wrap(`expected ${expected} got ${got}`);

export function upgradeMsgs(k: UpgradeKeeper): MsgDef[] {
  return [
    defineAuthorityMsg({
      codec: tx.MsgSoftwareUpgrade,
      responseCodec: tx.MsgSoftwareUpgradeResponse,
      invalidSigner,
      aminoName: "cosmos-sdk/MsgSoftwareUpgrade",
      handle: (ctx, m) => {
        if (!m.plan) throw sdkErrors.ErrInvalidRequest.wrap("plan: name cannot be empty");
        k.scheduleUpgrade(ctx, m.plan);
        return {};
      },
    }),
    defineAuthorityMsg({
      codec: tx.MsgCancelUpgrade,
      responseCodec: tx.MsgCancelUpgradeResponse,
      invalidSigner,
      aminoName: "cosmos-sdk/MsgCancelUpgrade",
      handle: (ctx) => {
        k.cancelUpgrade(ctx);
        return {};
      },
    }),
  ];
}
