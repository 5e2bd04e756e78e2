import * as tx from "cosmjs-types/cosmos/consensus/v1/tx";
import type { ConsensusParams } from "cosmjs-types/tendermint/types/params";
import { defineAuthorityMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { consensusEvents } from "./events";
import type { ConsensusKeeper } from "./keeper";
import { updateParams, validateParams, validateUpdate } from "./params";

export function consensusMsgs(k: ConsensusKeeper): MsgDef[] {
  return [
    defineAuthorityMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      aminoName: "cosmos-sdk/x/consensus/MsgUpdateParams",
      // No invalidSigner: x/gov's ErrInvalidSigner, as the SDK's x/consensus answers.
      handle: (ctx, m) => {
        // The SDK's ToProtoConsensusParams: block, evidence and validator are all required.
        const update: ConsensusParams = { block: m.block, evidence: m.evidence, validator: m.validator, abci: m.abci, version: undefined };
        validateParams(update);
        const current = k.getParams(ctx);
        const next = updateParams(current, update);
        validateParams(next);
        validateUpdate(current, update, ctx.height);
        k.setParams(ctx, next);
        consensusEvents.paramsUpdated(ctx, m.authority, update);
        return {};
      },
    }),
  ];
}
