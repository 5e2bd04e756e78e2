import type { MsgRegisterCurrency } from "../../gen/blockchain/stablecoin/v1/tx";
import { isValidDenom } from "../../types/coins";
import { stablecoinErrors } from "./errors";

/**
 * Limits on currency registration fields. These are
 * the chain's decisions, documented in docs/modules/stablecoin.md.
 */
export const currencyLimits = {
  minExponent: 1n,
  maxExponent: 18n,
  maxNameChars: 64,
  maxSymbolChars: 12,
  maxDescriptionChars: 512,
} as const;

const SYMBOL_RE = /^[A-Z][A-Z0-9]*$/;
// Control characters would corrupt wallet displays and log lines.
const CONTROL_RE = /[\u0000-\u001f\u007f-\u009f]/;

type CurrencyFields = Pick<MsgRegisterCurrency, "denom" | "displayDenom" | "exponent" | "name" | "symbol" | "description">;

function chars(s: string): number {
  return [...s].length;
}

function invalid(detail: string): never {
  throw stablecoinErrors.ErrInvalidCurrency.wrap(detail);
}

/** Stateless checks of a currency's fields; every failure is ErrInvalidCurrency. */
export function validateCurrency(c: CurrencyFields): void {
  if (!isValidDenom(c.denom))
    invalid(`denom ${JSON.stringify(c.denom.slice(0, 140))} must be 3-128 characters of [a-zA-Z0-9/:._-] starting with a letter`);
  if (!isValidDenom(c.displayDenom))
    invalid(
      `display_denom ${JSON.stringify(c.displayDenom.slice(0, 140))} must be 3-128 characters of [a-zA-Z0-9/:._-] starting with a letter`,
    );
  if (c.displayDenom === c.denom) invalid("display_denom must differ from denom");
  // ibc/<hash> names IBC vouchers: an issuer minting one would redeem another chain's tokens.
  for (const [field, d] of [
    ["denom", c.denom],
    ["display_denom", c.displayDenom],
  ] as const)
    if (d.toLowerCase().startsWith("ibc/")) invalid(`${field} ${JSON.stringify(d.slice(0, 140))} is in the ibc/ namespace of IBC vouchers`);
  if (c.exponent < currencyLimits.minExponent || c.exponent > currencyLimits.maxExponent) {
    invalid(`exponent ${c.exponent} must be between ${currencyLimits.minExponent} and ${currencyLimits.maxExponent}`);
  }
  if (c.name.trim() === "" || c.name !== c.name.trim()) invalid("name must be non-empty without leading or trailing spaces");
  if (chars(c.name) > currencyLimits.maxNameChars || CONTROL_RE.test(c.name))
    invalid(`name must be at most ${currencyLimits.maxNameChars} printable characters`);
  if (chars(c.symbol) > currencyLimits.maxSymbolChars || !SYMBOL_RE.test(c.symbol)) {
    invalid(`symbol must be 1-${currencyLimits.maxSymbolChars} uppercase letters or digits starting with a letter`);
  }
  if (chars(c.description) > currencyLimits.maxDescriptionChars || CONTROL_RE.test(c.description.replace(/\n/g, ""))) {
    invalid(`description must be at most ${currencyLimits.maxDescriptionChars} printable characters`);
  }
}
