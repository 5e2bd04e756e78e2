/** A refusal the store answers with `{ code, message }` and an HTTP status. */
export class StoreError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const storeErrors = {
  invalidParticipant: (m: string) => new StoreError(400, "invalid_participant", m),
  invalidEndToEndId: (m: string) => new StoreError(400, "invalid_end_to_end_id", m),
  emptyBody: () => new StoreError(400, "empty_body", "the body must be a PayloadEnvelope protobuf encoding"),
  malformedEnvelope: (m: string) => new StoreError(400, "malformed_envelope", m),
  unsupportedVersion: (m: string) => new StoreError(400, "unsupported_version", m),
  tooLarge: (limit: number) => new StoreError(413, "envelope_too_large", `envelopes are limited to ${limit} bytes`),
  unsupportedMediaType: () => new StoreError(415, "unsupported_media_type", "send the envelope as application/octet-stream"),
  missingSignature: () => new StoreError(401, "missing_signature", "the x-payload-signature header is required"),
  badSignature: (m: string) => new StoreError(401, "bad_signature", m),
  noPaymentRecord: (m: string) => new StoreError(404, "payment_record_not_found", m),
  noMetadataHash: (m: string) => new StoreError(422, "no_metadata_hash", m),
  conflict: () => new StoreError(409, "envelope_conflict", "a different envelope is already stored for this payment"),
  notFound: () => new StoreError(404, "envelope_not_found", "no envelope is stored for this payment"),
  chainUnavailable: (m: string) => new StoreError(503, "chain_unavailable", m),
};
