/** 02-client Params.Validate (allowed_clients), for MsgUpdateClientParams and genesis. */
import type { Params } from "../../gen/ibc/core/client/v1/client";
import { ibcErrors } from "./errors";

/** ibc-go's MaxAllowedClientsLength. */
const MAX_ALLOWED_CLIENTS = 200;

/** ibc-go's AllowAllClients wildcard. */
export const ALLOW_ALL_CLIENTS = "*";

/**
 * At most 200 entries, none blank, no duplicates, and the wildcard only alone. ibc-go returns
 * these as untyped errors (codespace `undefined`, code 1 on ABCI); here they are ibc's
 * ErrInvalidRequest with ibc-go's wording, so a client can tell them apart from a fault.
 */
export function validateClientParams(p: Params): void {
  const clients = p.allowedClients;
  if (clients.length > MAX_ALLOWED_CLIENTS) {
    throw ibcErrors.ErrInvalidRequest.wrap(`allowed clients length must not exceed ${MAX_ALLOWED_CLIENTS} items`);
  }
  if (clients.includes(ALLOW_ALL_CLIENTS) && clients.length > 1) {
    throw ibcErrors.ErrInvalidRequest.wrap(
      `allow list must have only one element because the allow all clients wildcard (${ALLOW_ALL_CLIENTS}) is present`,
    );
  }
  const seen = new Set<string>();
  clients.forEach((clientType, i) => {
    if (clientType.trim() === "") throw ibcErrors.ErrInvalidRequest.wrap(`client type ${i} cannot be blank`);
    if (seen.has(clientType)) throw ibcErrors.ErrInvalidRequest.wrap(`duplicate client type: ${clientType}`);
    seen.add(clientType);
  });
}
