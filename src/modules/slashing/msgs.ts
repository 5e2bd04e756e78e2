import * as tx from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import { accAddress, valAddress } from "../../types/address";
import { requireAuthority } from "../../types/authority";
import { defineMsg } from "../../types/define";
import { sdkErrors } from "../../types/errors";
import type { MsgDef } from "../../types/module";
import { slashingErrors } from "./errors";
import type { SlashingKeeper } from "./keeper";

export function slashingMsgs(k: SlashingKeeper): MsgDef[] {
  return [
    defineMsg({
      typeUrl: "/cosmos.slashing.v1beta1.MsgUnjail",
      codec: tx.MsgUnjail,
      responseCodec: tx.MsgUnjailResponse,
      signer: (m) => [accAddress.encode(valAddress.decode(m.validatorAddr))],
      aminoName: "cosmos-sdk/MsgUnjail",
      validate: (m) => void valAddress.decode(m.validatorAddr),
      handle: (ctx, m) => {
        const operator = m.validatorAddr;
        for (const h of k.hooks) h.beforeUnjail?.(ctx, operator);
        const validator = k.staking.getValidator(ctx, operator);
        if (!validator) throw slashingErrors.ErrNoValidatorForAddress.wrap(operator);
        const selfTokens = k.staking.delegationTokens(ctx, accAddress.encode(valAddress.decode(operator)), operator);
        if (selfTokens === undefined) throw slashingErrors.ErrMissingSelfDelegation.wrap("");
        if (selfTokens < BigInt(validator.minSelfDelegation || "0")) throw slashingErrors.ErrSelfDelegationTooLowToUnjail.wrap(`${selfTokens} less than ${validator.minSelfDelegation}`);
        if (!validator.jailed) throw slashingErrors.ErrValidatorNotJailed.wrap("");
        k.staking.unjail(ctx, operator);
        return {};
      },
    }),
    defineMsg({
      typeUrl: "/cosmos.slashing.v1beta1.MsgUpdateParams",
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      signer: "authority",
      aminoName: "cosmos-sdk/x/slashing/MsgUpdateParams",
      handle: (ctx, m) => {
        requireAuthority(m.authority);
        if (!m.params) throw sdkErrors.ErrInvalidRequest.wrap("params must be set");
        if (m.params.signedBlocksWindow <= 0n) throw sdkErrors.ErrInvalidRequest.wrap("signed blocks window must be positive");
        k.params.set(ctx, m.params);
        return {};
      },
    }),
  ];
}
