// The payload store: an HTTP service an instructing participant runs at its registered
// payload_store_url, serving encrypted PayloadEnvelopes. Protocol: docs/modules/paymsg.md.
export { startPayloadStore, envelopePath, DEFAULT_MAX_ENVELOPE_BYTES, type PayloadStoreOptions, type RunningPayloadStore } from "./server";
export { inProcessChain, cometRpcChain, ChainUnavailableError, type PayloadStoreChain, type AbciQuerier } from "./chain";
export { UPLOAD_DOMAIN, SIGNATURE_HEADER, uploadSignBytes, signUpload, verifyUploadSignature } from "./upload-auth";
