import { registerError } from "../../types/errors";

/** x/slashing's codespace, numbered as the SDK's x/slashing/types/errors.go. */
export const slashingErrors = {
  ErrNoValidatorForAddress: registerError("slashing", 2, "address is not associated with any known validator"),
  ErrBadValidatorAddr: registerError("slashing", 3, "validator does not exist for that address"),
  ErrValidatorJailed: registerError("slashing", 4, "validator still jailed; cannot be unjailed"),
  ErrValidatorNotJailed: registerError("slashing", 5, "validator not jailed; cannot be unjailed"),
  ErrMissingSelfDelegation: registerError("slashing", 6, "validator has no self-delegation; cannot be unjailed"),
  ErrSelfDelegationTooLowToUnjail: registerError("slashing", 7, "validator's self delegation less than minimum; cannot be unjailed"),
  ErrNoSigningInfoFound: registerError("slashing", 8, "no validator signing info found"),
} as const;
