import * as tx from "cosmjs-types/cosmos/upgrade/v1beta1/tx";
import { govAuthority } from "../../types/authority";
import { defineMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { upgradeErrors } from "./errors";
import type { UpgradeKeeper } from "./keeper";

/** The SDK's check, message included ("expected <gov> got <signer>"). */
function requireUpgradeAuthority(authority: string): void {
  const expected = govAuthority();
  if (authority !== expected) throw upgradeErrors.ErrInvalidSigner.wrap(`expected ${expected} got ${authority}`);
}

export function upgradeMsgs(k: UpgradeKeeper): MsgDef[] {
  return [
    defineMsg({
      typeUrl: "/cosmos.upgrade.v1beta1.MsgSoftwareUpgrade",
      codec: tx.MsgSoftwareUpgrade,
      responseCodec: tx.MsgSoftwareUpgradeResponse,
      signer: "authority",
      aminoName: "cosmos-sdk/MsgSoftwareUpgrade",
      handle: (ctx, m) => {
        requireUpgradeAuthority(m.authority);
        if (!m.plan) throw sdkErrors.ErrInvalidRequest.wrap("plan: name cannot be empty");
        k.scheduleUpgrade(ctx, m.plan);
        return {};
      },
    }),
    defineMsg({
      typeUrl: "/cosmos.upgrade.v1beta1.MsgCancelUpgrade",
      codec: tx.MsgCancelUpgrade,
      responseCodec: tx.MsgCancelUpgradeResponse,
      signer: "authority",
      aminoName: "cosmos-sdk/MsgCancelUpgrade",
      handle: (ctx, m) => {
        requireUpgradeAuthority(m.authority);
        k.cancelUpgrade(ctx);
        return {};
      },
    }),
  ];
}
