import * as q from "cosmjs-types/cosmos/nft/v1beta1/query";
import type { NFT } from "cosmjs-types/cosmos/nft/v1beta1/nft";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress, queryErrors, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { nftErrors } from "./errors";
import type { NftKeeper } from "./keeper";

const P = "/cosmos.nft.v1beta1.Query/";
const R = "/cosmos/nft/v1beta1";

function classId(id: string): string {
  if (id === "") throw nftErrors.ErrEmptyClassID.wrap("class id is empty");
  if (id.includes("\u0000")) throw queryErrors.invalidArgument("class id must not contain NUL");
  return id;
}

function nftId(id: string): string {
  if (id === "") throw nftErrors.ErrEmptyNFTID.wrap("nft id is empty");
  if (id.includes("\u0000")) throw queryErrors.invalidArgument("nft id must not contain NUL");
  return id;
}

/** The SDK's x/nft query server and its grpc-gateway routes. */
export function nftQueries(k: NftKeeper): QueryDef[] {
  return [
    defineQuery({
      path: P + "Balance", requestCodec: q.QueryBalanceRequest, responseCodec: q.QueryBalanceResponse, rest: `${R}/balance/{owner}/{class_id}`,
      handle: (ctx, req) => {
        const cls = classId(req.classId);
        const owner = queryAddress(req.owner, "owner");
        return { amount: k.getBalance(ctx, owner, cls) };
      },
    }),
    defineQuery({
      path: P + "Owner", requestCodec: q.QueryOwnerRequest, responseCodec: q.QueryOwnerResponse, rest: `${R}/owner/{class_id}/{id}`,
      handle: (ctx, req) => ({ owner: k.getOwner(ctx, classId(req.classId), nftId(req.id)) ?? "" }),
    }),
    defineQuery({
      path: P + "Supply", requestCodec: q.QuerySupplyRequest, responseCodec: q.QuerySupplyResponse, rest: `${R}/supply/{class_id}`,
      handle: (ctx, req) => ({ amount: k.getSupply(ctx, classId(req.classId)) }),
    }),
    defineQuery({
      path: P + "NFTs", requestCodec: q.QueryNFTsRequest, responseCodec: q.QueryNFTsResponse, rest: `${R}/nfts`,
      handle: (ctx, req) => {
        if (req.owner !== "") {
          const owner = queryAddress(req.owner, "owner");
          const prefix = req.classId !== "" ? k.byOwnerKeys.prefix2(owner, classId(req.classId)) : k.byOwnerKeys.prefix(owner);
          const page = paginated(() => k.byOwner.paginate(ctx, pageRequest(req.pagination), { prefix }));
          const nfts: NFT[] = page.items.map(([, cls, id]) => k.getNft(ctx, cls, id)!);
          return { nfts, pagination: pageResponse(page) };
        }
        if (req.classId !== "") {
          const page = paginated(() => k.nfts.paginate(ctx, pageRequest(req.pagination), { prefix: k.nftKeys.prefix(classId(req.classId)) }));
          return { nfts: page.items.map(([, v]) => v), pagination: pageResponse(page) };
        }
        throw queryErrors.invalidArgument("must provide at least one of classID or owner");
      },
    }),
    defineQuery({
      path: P + "NFT", requestCodec: q.QueryNFTRequest, responseCodec: q.QueryNFTResponse, rest: `${R}/nfts/{class_id}/{id}`,
      handle: (ctx, req) => {
        const token = k.getNft(ctx, classId(req.classId), nftId(req.id));
        if (!token) throw nftErrors.ErrNFTNotExists.wrap(`not found nft: class: ${req.classId}, id: ${req.id}`);
        return { nft: token };
      },
    }),
    defineQuery({
      path: P + "Class", requestCodec: q.QueryClassRequest, responseCodec: q.QueryClassResponse, rest: `${R}/classes/{class_id}`,
      handle: (ctx, req) => {
        const cls = k.getClass(ctx, classId(req.classId));
        if (!cls) throw nftErrors.ErrClassNotExists.wrap(`not found class: ${req.classId}`);
        return { class: cls };
      },
    }),
    defineQuery({
      path: P + "Classes", requestCodec: q.QueryClassesRequest, responseCodec: q.QueryClassesResponse, rest: `${R}/classes`,
      handle: (ctx, req) => valuesPage(ctx, k.classes, req.pagination, "classes"),
    }),
  ];
}
