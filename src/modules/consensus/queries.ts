import * as q from "cosmjs-types/cosmos/consensus/v1/query";
import { defineQuery, orNotFound } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { ConsensusKeeper } from "./keeper";

export function consensusQueries(k: ConsensusKeeper): QueryDef[] {
  return [
    defineQuery({
      path: "/cosmos.consensus.v1.Query/Params", requestCodec: q.QueryParamsRequest, responseCodec: q.QueryParamsResponse,
      rest: "/cosmos/consensus/v1/params",
      handle: (ctx) => ({ params: orNotFound(k.getParams(ctx), "consensus params not found") }),
    }),
  ];
}
