import * as tx from "cosmjs-types/cosmos/consensus/v1/tx";
import type { ConsensusParams } from "cosmjs-types/tendermint/types/params";
import { requireAuthority } from "../../types/authority";
import { defineMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { consensusEvents } from "./events";
import type { ConsensusKeeper } from "./keeper";
import { updateParams, validateParams, validateUpdate } from "./params";

export function consensusMsgs(k: ConsensusKeeper): MsgDef[] {
  return [
    defineMsg({
      typeUrl: "/cosmos.consensus.v1.MsgUpdateParams",
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      signer: "authority",
      aminoName: "cosmos-sdk/x/consensus/MsgUpdateParams",
      handle: (ctx, m) => {
        // x/gov's ErrInvalidSigner, as the SDK's x/consensus answers.
        requireAuthority(m.authority);
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
