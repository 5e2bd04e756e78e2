// Off-chain payment detail for paymsg: salted metadata, its on-chain hash, and the
// multi-recipient encrypted envelope. Construction: docs/envelope.md.
export * from "./constants";
export { EnvelopeError, type EnvelopeErrorCode } from "./errors";
export { generateViewingKey, viewingPublicKey, keyId, isUsableRecipientKey, type ViewingKey } from "./keys";
export { newPaymentMetadata, encodePaymentMetadata, decodePaymentMetadata, metadataHash, PaymentMetadata } from "./metadata";
export { padPayload, unpadPayload } from "./padding";
export { payloadAssociatedData } from "./wrap";
export { sealEnvelope, type SealParams } from "./seal";
export { openEnvelope, verifyAgainstHash, openAndVerify, type OpenParams } from "./open";
export { encodeEnvelope, decodeEnvelope, PayloadEnvelope } from "./codec";
export type { RecipientBlock } from "../../gen/blockchain/paymsg/v1/envelope";
export {
  resolveEnvelopeReaders,
  aliasReaderSourceFromAbci,
  type AliasReaderSource,
  type AbciQueryFn,
  type EnvelopeReader,
  type EnvelopeReaderBasis,
  type ResolvedReaders,
} from "./readers";
