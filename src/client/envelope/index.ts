// Off-chain payment detail for paymsg: salted metadata, its on-chain hash, and the
// multi-recipient encrypted envelope. Construction: docs/envelope.md.
export * from "./constants.js";
export { EnvelopeError, type EnvelopeErrorCode } from "./errors.js";
export { generateViewingKey, viewingPublicKey, keyId, type ViewingKey } from "./keys.js";
export { newPaymentMetadata, encodePaymentMetadata, decodePaymentMetadata, metadataHash, PaymentMetadata } from "./metadata.js";
export { padPayload, unpadPayload } from "./padding.js";
export { payloadAssociatedData } from "./wrap.js";
export { sealEnvelope, type SealParams } from "./seal.js";
export { openEnvelope, verifyAgainstHash, openAndVerify, type OpenParams } from "./open.js";
export { encodeEnvelope, decodeEnvelope, PayloadEnvelope } from "./codec.js";
export type { RecipientBlock } from "../../gen/blockchain/paymsg/v1/envelope.js";
export {
  resolveEnvelopeReaders, aliasReaderSourceFromAbci, type AliasReaderSource, type AbciQueryFn, type EnvelopeReader,
  type EnvelopeReaderBasis, type ResolvedReaders,
} from "./readers.js";
