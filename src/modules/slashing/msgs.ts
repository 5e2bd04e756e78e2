import * as tx from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import { accAddress, valAddress } from "../../types/address";
import { defineMsg, defineUpdateParamsMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { slashingErrors } from "./errors";
import type { SlashingKeeper } from "./keeper";
import { validateSlashingParams } from "./params";

export function slashingMsgs(k: SlashingKeeper): MsgDef[] {
  return [
    defineMsg({
      codec: tx.MsgUnjail,
      responseCodec: tx.MsgUnjailResponse,
      signer: (m) => [accAddress.encode(valAddress.decode(m.validatorAddr))],
      aminoName: "cosmos-sdk/MsgUnjail",
      validate: (m) => void valAddress.decode(m.validatorAddr),
      // keeper.Unjail of the SDK, its checks in its order.
      handle: (ctx, m) => {
        const operator = m.validatorAddr;
        for (const h of k.hooks) h.beforeUnjail?.(ctx, operator);
        const validator = k.staking.getValidator(ctx, operator);
        if (!validator) throw slashingErrors.ErrNoValidatorForAddress.wrap(operator);
        const selfTokens = k.staking.delegationTokens(ctx, accAddress.encode(valAddress.decode(operator)), operator);
        if (selfTokens === undefined) throw slashingErrors.ErrMissingSelfDelegation.wrap("");
        if (selfTokens < BigInt(validator.minSelfDelegation || "0"))
          throw slashingErrors.ErrSelfDelegationTooLowToUnjail.wrap(`${selfTokens} less than ${validator.minSelfDelegation}`);
        if (!validator.jailed) throw slashingErrors.ErrValidatorNotJailed.wrap("");
        const hold = k.unjailHold(ctx, operator);
        if (hold) throw slashingErrors.ErrValidatorJailed.wrap(hold);
        k.staking.unjail(ctx, operator);
        return {};
      },
    }),
    defineUpdateParamsMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: "cosmos-sdk/x/slashing/MsgUpdateParams",
      validate: validateSlashingParams,
      store: k.params,
    }),
  ];
}
