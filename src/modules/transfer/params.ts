import type { Params } from "../../gen/ibc/applications/transfer/v1/transfer";

export type { Params };

/** Both directions open, as ibc-go's DefaultParams; the only params, and any pair is valid. */
export function defaultParams(): Params {
  return { sendEnabled: true, receiveEnabled: true };
}
