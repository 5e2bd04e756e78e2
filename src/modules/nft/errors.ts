import { GrpcCode, registerError } from "../../types/errors";

/**
 * The SDK's x/nft codespace and codes (cosmossdk.io/x/nft errors.go). The gRPC codes let REST
 * answer a missing class or NFT with 404 and an empty or malformed id with 400.
 */
export const nftErrors = {
  ErrClassExists: registerError("nft", 3, "nft class already exists", GrpcCode.AlreadyExists),
  ErrClassNotExists: registerError("nft", 4, "nft class does not exist", GrpcCode.NotFound),
  ErrNFTExists: registerError("nft", 5, "nft already exists", GrpcCode.AlreadyExists),
  ErrNFTNotExists: registerError("nft", 6, "nft does not exist", GrpcCode.NotFound),
  ErrEmptyClassID: registerError("nft", 7, "empty class id", GrpcCode.InvalidArgument),
  ErrEmptyNFTID: registerError("nft", 8, "empty nft id", GrpcCode.InvalidArgument),
} as const;
