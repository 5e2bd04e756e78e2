import type { Metadata } from "cosmjs-types/cosmos/bank/v1beta1/bank";
import type { Coin } from "../../types/coins";
import type { Context } from "../../types/context";

/** What tokenisation needs from bank: share-denom issuance, vault payments, balances, metadata, module accounts. */
export interface BankKeeper {
  mintCoins(ctx: Context, module: string, coins: readonly Coin[]): void;
  burnCoins(ctx: Context, module: string, coins: readonly Coin[]): void;
  sendCoinsFromModuleToAccount(ctx: Context, module: string, to: string, coins: readonly Coin[]): void;
  sendCoinsFromAccountToModule(ctx: Context, from: string, module: string, coins: readonly Coin[]): void;
  getBalance(ctx: Context, address: string, denom: string): bigint;
  /** Every balance of an account (the simulation's invariant reads the module account's). */
  getAllBalances(ctx: Context, address: string): Coin[];
  getSupply(ctx: Context, denom: string): bigint;
  getDenomMetadata(ctx: Context, denom: string): Metadata | undefined;
  setDenomMetadata(ctx: Context, metadata: Metadata): void;
  /** Whether the address is a registered module account's (the send hook lets those pay out a halted share). */
  isModuleAccount(address: string): boolean;
}

/** A land fractionalisation authorisation as tokenisation reads it (land's FractionalisationAuthority). */
export interface LandAuthorisation {
  maxShareBps: number;
  expiresAt: bigint;
  withdrawn: boolean;
}

/** What tokenisation needs from land: the parcel's holder and its permission to fractionalise. */
export interface LandKeeper {
  /** live: not withdrawn, not expired against block time, no restriction forbidding fractionalisation. */
  fractionalisationAuthority(ctx: Context, parcelId: bigint): { authorisation: LandAuthorisation | undefined; live: boolean };
  /** The parcel's holder, or undefined when no such parcel exists. */
  parcelHolder(ctx: Context, parcelId: bigint): string | undefined;
  /** Records on the parcel that a tokenisation vehicle (the asset) was opened over it; title stays put. */
  setParcelVehicle(ctx: Context, parcelId: bigint, vehicleId: bigint): void;
}
