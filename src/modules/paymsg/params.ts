import type { Params } from "../../gen/blockchain/paymsg/v1/params";

export function defaultPaymsgParams(): Params {
  return { requireSettlementJurisdiction: false };
}

/** A bool has no invalid values; kept so every module validates params the same way. */
export function validatePaymsgParams(_params: Params): void {}
