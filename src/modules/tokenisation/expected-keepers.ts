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

/** The transfer module's escrow accounts: their holdings only shrink (no halted share can enter one). */
export interface EscrowAccounts {
  isEscrowAccount(ctx: Context, address: string): boolean;
}

/** A land fractionalisation authorisation as tokenisation reads it (land's FractionalisationAuthority). */
export interface LandAuthorisation {
  maxShareBps: number;
  expiresAt: bigint;
  withdrawn: boolean;
}

/** The part of a land parcel tokenisation reads: its holder. */
export interface LandParcel {
  holder: string;
}

/** What tokenisation needs from land: the parcel and its permission to fractionalise. */
export interface LandKeeper {
  /** The permission as recorded (withdrawn ones included); judged by tokenisation against block time. */
  fractionalisationAuthority(ctx: Context, parcelId: bigint): { authorisation: LandAuthorisation | undefined };
  /** Whether a restriction in force on the parcel forbids opening a vehicle over it (land's rule). */
  fractionalisationForbidden(ctx: Context, parcelId: bigint): boolean;
  /** The parcel, or undefined when no such parcel exists. */
  getParcel(ctx: Context, parcelId: bigint): LandParcel | undefined;
  /** Records on the parcel that a tokenisation vehicle (the asset) was opened over it; title stays put. */
  setParcelVehicle(ctx: Context, parcelId: bigint, vehicleId: bigint): void;
}
