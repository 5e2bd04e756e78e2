/**
 * Field limits (the chain's choice where ISO 20022 and the payload store URL set none).
 * Lengths count Unicode code points, as ISO 20022
 * text lengths do. The table is repeated in docs/modules/paymsg.md.
 */
export const LIMITS = {
  /** EndToEndIdentification: Max35Text. */
  endToEndIdMax: 35,
  /** Purpose/Code: ExternalPurpose1Code (Max4Text; the external code list uses A–Z). */
  purposeCodeMax: 4,
  /** RemittanceInformation/Unstructured: Max140Text. */
  remittanceMax: 140,
  /** Participant code (clearing or BIC-style member id): Max35Text. */
  participantCodeMax: 35,
  /** Participant name: FinancialInstitutionIdentification/Name, Max140Text. */
  participantNameMax: 140,
  /** Payload store base URL, ASCII characters. */
  payloadStoreUrlMax: 512,
  /** Largest sdk.Int (256-bit unsigned), as the bank module accepts. */
  amountMax: (1n << 256n) - 1n,
  /** SHA-256 output. */
  metadataHashBytes: 32,
} as const;
