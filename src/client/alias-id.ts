/**
 * Offline identifier checks for institutions' software: normalise an alias identifier typed
 * in any form, verify its check character and country prefix before sending anything.
 */
export {
  AliasIdError,
  ALIAS_MAX_PAYLOAD_LENGTH,
  ALIAS_MIN_PAYLOAD_LENGTH,
  CROCKFORD_ALPHABET,
  aliasCheckCharacter,
  composeAliasId,
  deriveAliasId,
  deriveAliasPayload,
  formatAliasId,
  hasValidAliasCheck,
  isValidAliasId,
  normaliseAliasId,
  parseAliasId,
  parseAliasIdForm,
  type ParsedAliasId,
} from "../types/alias-id";
export { canonicalCountry, isAssignedCountry, isReservedCountry } from "../types/iso3166";
