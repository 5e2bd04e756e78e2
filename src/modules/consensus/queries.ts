import * as q from "cosmjs-types/cosmos/consensus/v1/query";
import { defineQuery, orNotFound } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { ConsensusKeeper } from "./keeper";

export function consensusQueries(k: ConsensusKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx) => ({ params: orNotFound(k.getParams(ctx), "consensus params not found") }),
    }),
  ];
}
