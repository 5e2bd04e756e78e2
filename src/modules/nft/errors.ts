import { registerError } from "../../types/errors";

/** The SDK's x/nft codespace and codes (cosmossdk.io/x/nft errors.go). */
export const nftErrors = {
  ErrClassExists: registerError("nft", 3, "nft class already exists"),
  ErrClassNotExists: registerError("nft", 4, "nft class does not exist"),
  ErrNFTExists: registerError("nft", 5, "nft already exists"),
  ErrNFTNotExists: registerError("nft", 6, "nft does not exist"),
  ErrEmptyClassID: registerError("nft", 7, "empty class id"),
  ErrEmptyNFTID: registerError("nft", 8, "empty nft id"),
} as const;
