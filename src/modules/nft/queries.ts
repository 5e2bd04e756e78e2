import * as q from "cosmjs-types/cosmos/nft/v1beta1/query";
import type { NFT } from "cosmjs-types/cosmos/nft/v1beta1/nft";
import { defineQuery, pageRequest, pageResponse, paginated, queryAddress, queryErrors, valuesPage } from "../../types/define";
import type { QueryDef } from "../../types/module";
import { nftErrors } from "./errors";
import type { NftKeeper } from "./keeper";

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
      requestCodec: q.QueryBalanceRequest,
      responseCodec: q.QueryBalanceResponse,
      handle: (ctx, req) => {
        const cls = classId(req.classId);
        const owner = queryAddress(req.owner, "owner");
        return { amount: k.getBalance(ctx, owner, cls) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryOwnerRequest,
      responseCodec: q.QueryOwnerResponse,
      handle: (ctx, req) => ({ owner: k.getOwner(ctx, classId(req.classId), nftId(req.id)) ?? "" }),
    }),
    defineQuery({
      requestCodec: q.QuerySupplyRequest,
      responseCodec: q.QuerySupplyResponse,
      handle: (ctx, req) => ({ amount: k.getSupply(ctx, classId(req.classId)) }),
    }),
    defineQuery({
      requestCodec: q.QueryNFTsRequest,
      responseCodec: q.QueryNFTsResponse,
      handle: (ctx, req) => {
        if (req.owner !== "") {
          const owner = queryAddress(req.owner, "owner");
          const prefix = req.classId !== "" ? k.byOwnerKeys.prefix2(owner, classId(req.classId)) : k.byOwnerKeys.prefix(owner);
          const page = paginated(() => k.owners.indexes.byOwner.paginateUnder(ctx, prefix, pageRequest(req.pagination)));
          const nfts: NFT[] = page.items.map(([cls, id]) => k.getNft(ctx, cls, id)!);
          return { nfts, pagination: pageResponse(page) };
        }
        if (req.classId !== "") {
          const page = paginated(() =>
            k.nfts.paginate(ctx, pageRequest(req.pagination), { prefix: k.nftKeys.prefix(classId(req.classId)) }),
          );
          return { nfts: page.items.map(([, v]) => v), pagination: pageResponse(page) };
        }
        throw queryErrors.invalidArgument("must provide at least one of classID or owner");
      },
    }),
    defineQuery({
      requestCodec: q.QueryNFTRequest,
      responseCodec: q.QueryNFTResponse,
      handle: (ctx, req) => {
        const token = k.getNft(ctx, classId(req.classId), nftId(req.id));
        if (!token) throw nftErrors.ErrNFTNotExists.wrap(`not found nft: class: ${req.classId}, id: ${req.id}`);
        return { nft: token };
      },
    }),
    defineQuery({
      requestCodec: q.QueryClassRequest,
      responseCodec: q.QueryClassResponse,
      handle: (ctx, req) => {
        const cls = k.getClass(ctx, classId(req.classId));
        if (!cls) throw nftErrors.ErrClassNotExists.wrap(`not found class: ${req.classId}`);
        return { class: cls };
      },
    }),
    defineQuery({
      requestCodec: q.QueryClassesRequest,
      responseCodec: q.QueryClassesResponse,
      handle: (ctx, req) => valuesPage(ctx, k.classes, req.pagination, "classes"),
    }),
  ];
}
