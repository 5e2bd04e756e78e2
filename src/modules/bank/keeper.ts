import { Metadata, Params } from "cosmjs-types/cosmos/bank/v1beta1/bank";
import { Schema } from "../../store/collections";
import { boolValue, bytesKey, emptyValue, intValue, memoValue, pairKey, protoValue, stringKey } from "../../store/codecs";
import { accAddress, moduleAddress } from "../../types/address";
import { validateDenom, type Coin } from "../../types/coins";
import type { Context } from "../../types/context";
import { sdkErrors } from "../../types/errors";
import type { SendRestriction } from "../../types/hooks";
import { bankErrors } from "./errors";
import { bankEvents } from "./events";
import type { AccountKeeper } from "./expected-keepers";

/**
 * Balances, supply and denom metadata. Every movement of coins in the chain goes through
 * this keeper, so send restrictions and blocked addresses apply everywhere.
 */
export class BankKeeper {
  private readonly schema = new Schema("bank/");
  readonly balanceKey = pairKey(bytesKey, stringKey);
  readonly ownerKey = pairKey(stringKey, bytesKey);
  readonly balances = this.schema.map(1, "balances", this.balanceKey, intValue);
  /** Reverse index (denom, address) for DenomOwners. */
  readonly owners = this.schema.map(2, "denom_owners", this.ownerKey, emptyValue);
  readonly supply = this.schema.map(3, "supply", stringKey, intValue);
  readonly metadata = this.schema.map(4, "denom_metadata", stringKey, protoValue(Metadata, "Metadata"));
  readonly params = this.schema.item(5, "params", memoValue(protoValue(Params, "Params")), { sendEnabled: [], defaultSendEnabled: true });
  readonly sendEnabled = this.schema.map(6, "send_enabled", stringKey, boolValue);

  private readonly restrictions: SendRestriction[] = [];
  private blocked = new Set<string>();

  constructor(private readonly auth: AccountKeeper) {}

  addSendRestriction(restriction: SendRestriction): void {
    this.restrictions.push(restriction);
  }

  setBlockedAddresses(addresses: Iterable<string>): void {
    this.blocked = new Set(addresses);
  }

  isBlocked(address: string): boolean {
    return this.blocked.has(address);
  }

  private moduleAccounts: Set<string> | undefined;

  /**
   * Whether the address is a registered module account's (gov's and the seat reserve included,
   * which are not blocked). Built on first use: the wiring registers every module account
   * before any block runs.
   */
  isModuleAccount(address: string): boolean {
    this.moduleAccounts ??= new Set(this.auth.moduleAccountNames().map((name) => moduleAddress(name)));
    return this.moduleAccounts.has(address);
  }

  getBalance(ctx: Context, address: string, denom: string): bigint {
    return this.balances.get(ctx, [accAddress.keyPart(address), denom]) ?? 0n;
  }

  getAllBalances(ctx: Context, address: string): Coin[] {
    const addr = accAddress.decode(address);
    const out: Coin[] = [];
    for (const [[, denom], amount] of this.balances.iterate(ctx, { prefix: this.balanceKey.prefix(addr) })) {
      out.push({ denom, amount });
    }
    return out;
  }

  /** No vesting accounts on this chain: everything held is spendable. */
  spendableCoins(ctx: Context, address: string): Coin[] {
    return this.getAllBalances(ctx, address);
  }

  getSupply(ctx: Context, denom: string): bigint {
    return this.supply.get(ctx, denom) ?? 0n;
  }

  /** `previous` is the balance the caller just read, so the owners index is touched only on 0 ↔ non-zero. */
  private setBalance(ctx: Context, address: string, denom: string, amount: bigint, previous: bigint): void {
    const addr = accAddress.keyPart(address);
    if (amount === 0n) {
      this.balances.remove(ctx, [addr, denom]);
      this.owners.remove(ctx, [denom, addr]);
    } else {
      this.balances.set(ctx, [addr, denom], amount);
      if (previous === 0n) this.owners.set(ctx, [denom, addr], true);
    }
  }

  private subCoins(ctx: Context, address: string, coins: readonly Coin[]): void {
    for (const c of coins) {
      const have = this.getBalance(ctx, address, c.denom);
      if (have < c.amount) {
        throw sdkErrors.ErrInsufficientFunds.wrap(`spendable balance ${have}${c.denom} is smaller than ${c.amount}${c.denom}`);
      }
      this.setBalance(ctx, address, c.denom, have - c.amount, have);
    }
    bankEvents.coinSpent(ctx, address, coins);
  }

  private addCoins(ctx: Context, address: string, coins: readonly Coin[]): void {
    for (const c of coins) {
      const have = this.getBalance(ctx, address, c.denom);
      this.setBalance(ctx, address, c.denom, have + c.amount, have);
    }
    bankEvents.coinReceived(ctx, address, coins);
  }

  /** The one path for moving coins between accounts; restrictions run first. */
  sendCoins(ctx: Context, from: string, to: string, coins: readonly Coin[]): void {
    for (const c of coins) {
      validateDenom(c.denom);
      if (c.amount <= 0n) throw sdkErrors.ErrInvalidCoins.wrap(`${c.amount}${c.denom}: amount must be positive`);
    }
    for (const r of this.restrictions) r(ctx, from, to, coins);
    this.subCoins(ctx, from, coins);
    this.addCoins(ctx, to, coins);
    this.auth.ensureAccount(ctx, to);
    bankEvents.transfer(ctx, from, to, coins);
  }

  sendCoinsFromModuleToAccount(ctx: Context, module: string, to: string, coins: readonly Coin[]): void {
    if (this.blocked.has(to)) throw sdkErrors.ErrUnauthorized.wrap(`${to} is not allowed to receive funds`);
    this.sendCoins(ctx, this.auth.moduleAccountAddress(ctx, module), to, coins);
  }

  sendCoinsFromAccountToModule(ctx: Context, from: string, module: string, coins: readonly Coin[]): void {
    this.sendCoins(ctx, from, this.auth.moduleAccountAddress(ctx, module), coins);
  }

  sendCoinsFromModuleToModule(ctx: Context, fromModule: string, toModule: string, coins: readonly Coin[]): void {
    this.sendCoins(ctx, this.auth.moduleAccountAddress(ctx, fromModule), this.auth.moduleAccountAddress(ctx, toModule), coins);
  }

  mintCoins(ctx: Context, module: string, coins: readonly Coin[]): void {
    if (!this.auth.hasPermission(module, "minter"))
      throw sdkErrors.ErrUnauthorized.wrap(`module account ${module} does not have permissions to mint tokens`);
    const address = this.auth.moduleAccountAddress(ctx, module);
    this.addCoins(ctx, address, coins);
    for (const c of coins) this.supply.set(ctx, c.denom, this.getSupply(ctx, c.denom) + c.amount);
    bankEvents.coinbase(ctx, address, coins);
  }

  burnCoins(ctx: Context, module: string, coins: readonly Coin[]): void {
    if (!this.auth.hasPermission(module, "burner"))
      throw sdkErrors.ErrUnauthorized.wrap(`module account ${module} does not have permissions to burn tokens`);
    const address = this.auth.moduleAccountAddress(ctx, module);
    this.subCoins(ctx, address, coins);
    for (const c of coins) {
      const left = this.getSupply(ctx, c.denom) - c.amount;
      if (left === 0n) this.supply.remove(ctx, c.denom);
      else this.supply.set(ctx, c.denom, left);
    }
    bankEvents.burn(ctx, address, coins);
  }

  isSendEnabled(ctx: Context, denom: string): boolean {
    return this.sendEnabled.get(ctx, denom) ?? this.params.get(ctx).defaultSendEnabled;
  }

  checkSendEnabled(ctx: Context, coins: readonly Coin[]): void {
    for (const c of coins)
      if (!this.isSendEnabled(ctx, c.denom)) throw bankErrors.ErrSendDisabled.wrap(`${c.denom} transfers are currently disabled`);
  }

  getDenomMetadata(ctx: Context, denom: string): Metadata | undefined {
    return this.metadata.get(ctx, denom);
  }

  setDenomMetadata(ctx: Context, metadata: Metadata): void {
    this.metadata.set(ctx, metadata.base, metadata);
  }

  moduleAddress(name: string): string {
    return moduleAddress(name);
  }
}
