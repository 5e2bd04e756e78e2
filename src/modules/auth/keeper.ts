import { BaseAccount, ModuleAccount, Params } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { Any } from "cosmjs-types/google/protobuf/any";
import { Schema } from "../../store/collections";
import { bytesKey, memoByIdentity, memoValue, protoValue } from "../../store/codecs";
import { accAddress, moduleAddress } from "../../types/address";
import type { AnyMsg } from "../../types/codec";
import type { Context } from "../../types/context";
import { sdkErrors } from "../../types/errors";
import type { ModuleAccountDef } from "../../types/module";
import { defaultAuthParams } from "./params";

export const BASE_ACCOUNT_URL = "/cosmos.auth.v1beta1.BaseAccount";
export const MODULE_ACCOUNT_URL = "/cosmos.auth.v1beta1.ModuleAccount";

/**
 * Accounts, stored as Any like the SDK (BaseAccount or ModuleAccount), keyed by address
 * bytes; account numbers from one global sequence starting at 0.
 */
export class AuthKeeper {
  private readonly schema = new Schema("auth/");
  // Decoded once per stored value (frozen, shared): the ante chain reads every signer's account
  // and the params on every tx, in CheckTx and again in FinalizeBlock.
  readonly accounts = this.schema.map(1, "accounts", bytesKey, memoValue(protoValue(Any, "Any")));
  readonly accountNumber = this.schema.sequence(2, "account_number", 0n);
  readonly params = this.schema.item(3, "params", memoValue(protoValue(Params, "Params")), defaultAuthParams());
  private readonly permissions = new Map<string, ModuleAccountDef["permissions"]>();
  private readonly moduleAddresses = new Map<string, string>();

  registerModuleAccount(def: ModuleAccountDef): void {
    this.permissions.set(def.name, def.permissions);
    this.moduleAddressSet = undefined;
  }

  private moduleAddressSet: Set<string> | undefined;

  private moduleAccountAddresses(): Set<string> {
    this.moduleAddressSet ??= new Set([...this.permissions.keys()].map((name) => moduleAddress(name)));
    return this.moduleAddressSet;
  }

  moduleAccountNames(): string[] {
    return [...this.permissions.keys()].sort();
  }

  hasPermission(moduleName: string, permission: ModuleAccountDef["permissions"][number]): boolean {
    return this.permissions.get(moduleName)?.includes(permission) ?? false;
  }

  isModuleAccountName(name: string): boolean {
    return this.permissions.has(name);
  }

  getParams(ctx: Context): Params {
    return this.params.get(ctx);
  }

  getAny(ctx: Context, address: string): AnyMsg | undefined {
    return this.accounts.get(ctx, accAddress.keyPart(address));
  }

  hasAccount(ctx: Context, address: string): boolean {
    return this.accounts.has(ctx, accAddress.keyPart(address));
  }

  /** The BaseAccount part of any stored account (a module account's base included). */
  getAccount(ctx: Context, address: string): BaseAccount | undefined {
    const any = this.getAny(ctx, address);
    return any ? baseOf(any) : undefined;
  }

  /** Stores a BaseAccount, keeping the ModuleAccount wrapper if the address holds one. */
  setAccount(ctx: Context, account: BaseAccount): void {
    const key = accAddress.keyPart(account.address);
    // Only registered module accounts are stored wrapped; every other address needs no read
    // of what is there before (the ante chain writes every signer's account on every tx).
    if (!this.moduleAccountAddresses().has(account.address)) {
      this.accounts.set(ctx, key, { typeUrl: BASE_ACCOUNT_URL, value: BaseAccount.encode(account).finish() });
      return;
    }
    const existing = this.accounts.get(ctx, key);
    if (existing?.typeUrl === MODULE_ACCOUNT_URL) {
      const mod = ModuleAccount.decode(existing.value);
      this.accounts.set(ctx, key, { typeUrl: MODULE_ACCOUNT_URL, value: ModuleAccount.encode({ ...mod, baseAccount: account }).finish() });
      return;
    }
    this.accounts.set(ctx, key, { typeUrl: BASE_ACCOUNT_URL, value: BaseAccount.encode(account).finish() });
  }

  setAny(ctx: Context, address: string, any: AnyMsg): void {
    this.accounts.set(ctx, accAddress.keyPart(address), any);
  }

  /** Creates a BaseAccount with the next account number (bank does this on first receipt). */
  newAccount(ctx: Context, address: string): BaseAccount {
    if (this.hasAccount(ctx, address)) throw sdkErrors.ErrInvalidRequest.wrap(`account ${address} already exists`);
    const account = BaseAccount.fromPartial({ address, accountNumber: this.accountNumber.next(ctx), sequence: 0n });
    this.setAccount(ctx, account);
    return account;
  }

  ensureAccount(ctx: Context, address: string): void {
    if (!this.hasAccount(ctx, address)) this.newAccount(ctx, address);
  }

  /**
   * Address of a registered module account, creating the account on first use. Cheaper than
   * getModuleAccount on hot paths (every fee goes to fee_collector): one `has`, no decode.
   */
  moduleAccountAddress(ctx: Context, name: string): string {
    let address = this.moduleAddresses.get(name);
    if (address === undefined) {
      if (!this.permissions.has(name)) throw sdkErrors.ErrUnknownAddress.wrap(`module account ${name} is not registered`);
      address = moduleAddress(name);
      this.moduleAddresses.set(name, address);
    }
    if (!this.accounts.has(ctx, accAddress.keyPart(address))) this.getModuleAccount(ctx, name);
    return address;
  }

  /** The module's account, created on first use with its registered permissions. */
  getModuleAccount(ctx: Context, name: string): ModuleAccount {
    const permissions = this.permissions.get(name);
    if (!permissions) throw sdkErrors.ErrUnknownAddress.wrap(`module account ${name} is not registered`);
    const address = moduleAddress(name);
    const existing = this.getAny(ctx, address);
    if (existing?.typeUrl === MODULE_ACCOUNT_URL) return ModuleAccount.decode(existing.value);
    const base = existing ? baseOf(existing) : BaseAccount.fromPartial({ address, accountNumber: this.accountNumber.next(ctx) });
    const account = ModuleAccount.fromPartial({ baseAccount: { ...base, pubKey: undefined }, name, permissions: [...permissions] });
    this.setAny(ctx, address, { typeUrl: MODULE_ACCOUNT_URL, value: ModuleAccount.encode(account).finish() });
    return account;
  }
}

/** BaseAccounts of stored (frozen, shared) Anys, decoded once each. */
const storedBase = memoByIdentity(decodeBase);

export function baseOf(any: AnyMsg): BaseAccount {
  return Object.isFrozen(any) ? storedBase(any) : decodeBase(any);
}

function decodeBase(any: AnyMsg): BaseAccount {
  if (any.typeUrl === MODULE_ACCOUNT_URL) return ModuleAccount.decode(any.value).baseAccount ?? BaseAccount.fromPartial({});
  return BaseAccount.decode(any.value);
}
