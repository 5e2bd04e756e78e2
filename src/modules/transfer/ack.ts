import { AppError } from "../../types/errors";

/*
 * Channel acknowledgements as ibc-go writes them (channeltypes.Acknowledgement, proto JSON):
 * {"result":"<base64>"} or {"error":"…"}. Their bytes are committed by the receiving chain
 * and hashed by the sending one, so they are fixed strings, not a JSON library's output.
 */

/** The error text carries only the ABCI code: the codespace and message may differ by version. */
const ACK_ERROR_STRING = "error handling packet: see events for details";

/** The code ibc-go's ABCIInfo gives a non-registered error: 1, "internal". */
const INTERNAL_CODE = 1;

/** ICS-20's success acknowledgement: result = [0x01]. */
export function successAckBytes(): Uint8Array {
  return new TextEncoder().encode('{"result":"AQ=="}');
}

/** NewErrorAcknowledgement(err): "ABCI code: <code>: error handling packet: see events for details". */
export function errorAckBytes(err: unknown): Uint8Array {
  const code = err instanceof AppError ? err.code : INTERNAL_CODE;
  return new TextEncoder().encode(`{"error":"ABCI code: ${code}: ${ACK_ERROR_STRING}"}`);
}
