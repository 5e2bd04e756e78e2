import * as q from "cosmjs-types/cosmos/slashing/v1beta1/query";
import type { ValidatorSigningInfo } from "cosmjs-types/cosmos/slashing/v1beta1/slashing";
import { bech32Prefix, fromBech32, toBech32 } from "../../types/address";
import { defineQuery, queryErrors } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { SlashingKeeper } from "./keeper";

const P = "/cosmos.slashing.v1beta1.Query/";
const R = "/cosmos/slashing/v1beta1";

/** No liveness tracking on this chain: a validator's signing info is its zero record, jailed until the epoch. */
function signingInfo(consAddr: Uint8Array): ValidatorSigningInfo {
  return { address: toBech32(bech32Prefix.consensus, consAddr), startHeight: 0n, indexOffset: 0n, jailedUntil: { seconds: 0n, nanos: 0 }, tombstoned: false, missedBlocksCounter: 0n };
}

export function slashingQueries(k: SlashingKeeper): QueryDef[] {
  return [
    defineQuery({
      path: P + "Params", requestCodec: q.QueryParamsRequest, responseCodec: q.QueryParamsResponse, rest: `${R}/params`,
      handle: (ctx) => ({ params: k.params.get(ctx) }),
    }),
    defineQuery({
      path: P + "SigningInfo", requestCodec: q.QuerySigningInfoRequest, responseCodec: q.QuerySigningInfoResponse, rest: `${R}/signing_infos/{cons_address}`,
      handle: (ctx, req) => {
        if (req.consAddress === "") throw queryErrors.invalidArgument("empty address");
        let consAddr: Uint8Array;
        try {
          consAddr = fromBech32(req.consAddress, bech32Prefix.consensus);
        } catch {
          throw queryErrors.invalidArgument(`invalid consensus address: ${JSON.stringify(req.consAddress.slice(0, 100))}`);
        }
        if (!k.staking.validatorByConsAddr(ctx, consAddr)) throw queryErrors.notFound(`SigningInfo not found for validator ${req.consAddress}`);
        return { valSigningInfo: signingInfo(consAddr) };
      },
    }),
    defineQuery({
      path: P + "SigningInfos", requestCodec: q.QuerySigningInfosRequest, responseCodec: q.QuerySigningInfosResponse, rest: `${R}/signing_infos`,
      handle: (ctx) => {
        const info = k.staking.consensusAddresses(ctx).map(signingInfo);
        return { info, pagination: { nextKey: new Uint8Array(), total: BigInt(info.length) } };
      },
    }),
  ];
}
