import type { Context } from "../../types/context";

// The narrow interfaces this module needs from others; src/app/modules.ts passes their keepers.

/** What the oracle needs from staking: who is bonded with what stake, and who exists. */
export interface StakingKeeper {
  /** Bonded validators with their operator address (valoper) and bonded tokens. */
  bondedValidators(ctx: Context): Array<{ operator: string; accountAddress: string; tokens: bigint }>;
  getValidator(ctx: Context, operator: string): unknown;
}

/** What the oracle asks nft: whether an appraised asset exists (cosmos.nft.v1beta1 classes and NFTs). */
export interface NftKeeper {
  hasNft(ctx: Context, classId: string, id: string): boolean;
  hasClass(ctx: Context, classId: string): boolean;
}
