import { Class, NFT } from "cosmjs-types/cosmos/nft/v1beta1/nft";
import { Schema } from "../../store/collections";
import { multiIndex } from "../../store/indexed-map";
import { pairKey, protoValue, stringKey, stringValue, tripleKey, uint64Value } from "../../store/codecs";
import { accAddressKey } from "../../types/address-key";
import type { Context } from "../../types/context";
import { noFreeze, type FreezeGuard } from "../../types/hooks";
import { nftErrors } from "./errors";
import { nftEvents } from "./events";
import { sdkErrors } from "../../types/errors";

/** Ids are store keys: no NUL (the key encoding's terminator), at most 256 bytes. */
export function checkId(id: string, what: string): void {
  if (id.includes("\u0000") || id.length > 256)
    throw sdkErrors.ErrInvalidRequest.wrap(`${what} must be at most 256 characters without NUL`);
}

export const NFT_MODULE = "nft";

/**
 * What other chain modules may do with NFTs (the SDK's nft.Keeper methods they call):
 * oracle asks whether assets exist, tokenisation/land mint their titles.
 */
export interface NftKeeperApi {
  hasClass(ctx: Context, classId: string): boolean;
  hasNft(ctx: Context, classId: string, id: string): boolean;
  saveClass(ctx: Context, cls: Class): void;
  mint(ctx: Context, token: NFT, receiver: string): void;
  burn(ctx: Context, classId: string, id: string): void;
  transfer(ctx: Context, classId: string, id: string, receiver: string): void;
  getOwner(ctx: Context, classId: string, id: string): string | undefined;
}

/**
 * Classes, NFTs and their owners as the SDK's x/nft keeps them: one record per class and per
 * NFT, the owner of each NFT, an (owner, class, id) index for the owner queries, and per-class
 * supply and per-(owner, class) balance counters. Owners are address bytes in keys.
 */
export class NftKeeper implements NftKeeperApi {
  private readonly schema = new Schema("nft/");
  readonly classes = this.schema.map(1, "classes", stringKey, protoValue(Class, "Class"));
  readonly nfts = this.schema.map(2, "nfts", pairKey(stringKey, stringKey), protoValue(NFT, "NFT"));
  readonly owners = this.schema.indexedMap(3, "owners", pairKey(stringKey, stringKey), stringValue, {
    byOwner: multiIndex(4, accAddressKey, (_nft: [string, string], owner: string) => owner),
  });
  /** The by-owner entries' layout, (owner, class, id): query prefixes for one owner, or one owner's class. */
  readonly byOwnerKeys = tripleKey(accAddressKey, stringKey, stringKey);
  readonly supply = this.schema.map(5, "class_supply", stringKey, uint64Value);
  readonly balances = this.schema.map(6, "balances", pairKey(accAddressKey, stringKey), uint64Value);
  readonly nftKeys = pairKey(stringKey, stringKey);
  private freeze: FreezeGuard = noFreeze;

  bindFreezeGuard(guard: FreezeGuard): void {
    this.freeze = guard;
  }

  hasClass(ctx: Context, classId: string): boolean {
    return this.classes.has(ctx, classId);
  }

  hasNft(ctx: Context, classId: string, id: string): boolean {
    return this.nfts.has(ctx, [classId, id]);
  }

  getClass(ctx: Context, classId: string): Class | undefined {
    return this.classes.get(ctx, classId);
  }

  getNft(ctx: Context, classId: string, id: string): NFT | undefined {
    return this.nfts.get(ctx, [classId, id]);
  }

  getOwner(ctx: Context, classId: string, id: string): string | undefined {
    return this.owners.get(ctx, [classId, id]);
  }

  getSupply(ctx: Context, classId: string): bigint {
    return this.supply.get(ctx, classId) ?? 0n;
  }

  getBalance(ctx: Context, owner: string, classId: string): bigint {
    return this.balances.get(ctx, [owner, classId]) ?? 0n;
  }

  /** A new class; refused when the id is empty or taken (SDK SaveClass). */
  saveClass(ctx: Context, cls: Class): void {
    if (cls.id === "") throw nftErrors.ErrEmptyClassID.wrap("class id is empty");
    checkId(cls.id, "class id");
    if (this.classes.has(ctx, cls.id)) throw nftErrors.ErrClassExists.wrap(cls.id);
    this.classes.set(ctx, cls.id, cls);
  }

  /** Replaces an existing class's metadata (SDK UpdateClass). */
  updateClass(ctx: Context, cls: Class): void {
    if (!this.classes.has(ctx, cls.id)) throw nftErrors.ErrClassNotExists.wrap(cls.id);
    this.classes.set(ctx, cls.id, cls);
  }

  /** Mints an NFT of an existing class to `receiver` (SDK Mint, with its EventMint). */
  mint(ctx: Context, token: NFT, receiver: string): void {
    this.put(ctx, token, receiver);
    nftEvents.mint(ctx, token.classId, token.id, receiver);
  }

  burn(ctx: Context, classId: string, id: string): void {
    if (!this.classes.has(ctx, classId)) throw nftErrors.ErrClassNotExists.wrap(classId);
    const owner = this.getOwner(ctx, classId, id);
    if (owner === undefined) throw nftErrors.ErrNFTNotExists.wrap(id);
    this.nfts.remove(ctx, [classId, id]);
    this.owners.remove(ctx, [classId, id]);
    this.addBalance(ctx, owner, classId, -1n);
    this.supply.set(ctx, classId, this.getSupply(ctx, classId) - 1n);
    nftEvents.burn(ctx, classId, id, owner);
  }

  /** Every transfer, by any caller: a frozen owner's NFT stays put (receiving is allowed). */
  transfer(ctx: Context, classId: string, id: string, receiver: string): void {
    if (!this.classes.has(ctx, classId)) throw nftErrors.ErrClassNotExists.wrap(classId);
    const owner = this.getOwner(ctx, classId, id);
    if (owner === undefined) throw nftErrors.ErrNFTNotExists.wrap(id);
    this.freeze.assertNotFrozen(ctx, owner);
    this.addBalance(ctx, owner, classId, -1n);
    this.owners.set(ctx, [classId, id], receiver);
    this.addBalance(ctx, receiver, classId, 1n);
  }

  /** Stores an NFT and its owner without an event (mint and genesis). */
  put(ctx: Context, token: NFT, owner: string): void {
    if (token.classId === "") throw nftErrors.ErrEmptyClassID.wrap("class id is empty");
    if (token.id === "") throw nftErrors.ErrEmptyNFTID.wrap("nft id is empty");
    checkId(token.classId, "class id");
    checkId(token.id, "nft id");
    if (!this.classes.has(ctx, token.classId)) throw nftErrors.ErrClassNotExists.wrap(token.classId);
    if (this.nfts.has(ctx, [token.classId, token.id])) throw nftErrors.ErrNFTExists.wrap(`${token.classId}/${token.id}`);
    this.nfts.set(ctx, [token.classId, token.id], token);
    this.owners.set(ctx, [token.classId, token.id], owner);
    this.addBalance(ctx, owner, token.classId, 1n);
    this.supply.set(ctx, token.classId, this.getSupply(ctx, token.classId) + 1n);
  }

  private addBalance(ctx: Context, owner: string, classId: string, delta: bigint): void {
    const next = this.getBalance(ctx, owner, classId) + delta;
    if (next === 0n) this.balances.remove(ctx, [owner, classId]);
    else this.balances.set(ctx, [owner, classId], next);
  }
}
