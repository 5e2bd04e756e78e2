// Sizes fixed by the paymsg Limits table; every writer and reader must agree on them
// byte for byte, so they live in one place. See docs/envelope.md.

/** The only envelope format this library writes or reads. */
export const ENVELOPE_VERSION = 1;

/** Domain string bound into the payload AD and the wrapping-key HKDF info. */
export const DOMAIN = "blockchain/paymsg/payload/v1";

export const CONTENT_KEY_BYTES = 32;
export const NONCE_BYTES = 12;
export const PADDING_BLOCK = 256;
export const KEY_ID_BYTES = 8;
export const EPHEMERAL_KEY_BYTES = 32;
export const WRAPPED_KEY_BYTES = 48;
export const SALT_BYTES = 32;

export const X25519_KEY_BYTES = 32;
export const TAG_BYTES = 16;
/** Bytes of the big-endian length prefix inside the padded plaintext. */
export const LENGTH_PREFIX_BYTES = 4;
/** metadata_hash is a bare SHA-256 digest. */
export const METADATA_HASH_BYTES = 32;

/** Supplies cryptographically secure random bytes; injectable so tests can be deterministic. */
export type RandomSource = (length: number) => Uint8Array;
