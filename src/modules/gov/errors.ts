import { ErrGovInvalidSigner } from "../../types/authority";
import { registerError } from "../../types/errors";

/** x/gov's codespace, numbered as the SDK's x/gov/types/errors.go (v0.50). */
export const govErrors = {
  ErrUnknownProposal: registerError("gov", 2, "unknown proposal"),
  ErrInactiveProposal: registerError("gov", 3, "inactive proposal"),
  ErrAlreadyActiveProposal: registerError("gov", 4, "proposal already active"),
  ErrInvalidProposalContent: registerError("gov", 5, "invalid proposal content"),
  ErrInvalidProposalType: registerError("gov", 6, "invalid proposal type"),
  ErrInvalidVote: registerError("gov", 7, "invalid vote option"),
  ErrInvalidGenesis: registerError("gov", 8, "invalid genesis state"),
  ErrNoProposalHandlerExists: registerError("gov", 9, "no handler exists for proposal type"),
  ErrUnroutableProposalMsg: registerError("gov", 10, "proposal message not recognized by router"),
  ErrNoProposalMsgs: registerError("gov", 11, "no messages proposed"),
  ErrInvalidProposalMsg: registerError("gov", 12, "invalid proposal message"),
  ErrInvalidSigner: ErrGovInvalidSigner,
  ErrMetadataTooLong: registerError("gov", 15, "metadata too long"),
  ErrMinDepositTooSmall: registerError("gov", 16, "minimum deposit is too small"),
  ErrInvalidProposer: registerError("gov", 18, "invalid proposer"),
  ErrVotingPeriodEnded: registerError("gov", 20, "voting period already ended"),
  ErrInvalidProposal: registerError("gov", 21, "invalid proposal"),
  ErrSummaryTooLong: registerError("gov", 22, "summary too long"),
  ErrInvalidDepositDenom: registerError("gov", 23, "invalid deposit denom"),
} as const;
