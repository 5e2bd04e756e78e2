/**
 * The SDK keeps these in the group keeper's Config (app wiring), not in governance params;
 * the defaults are x/group's DefaultConfig.
 */
export interface GroupConfig {
  maxMetadataLen: number;
  /** Seconds after voting_period_end during which an accepted proposal may still be executed. */
  maxExecutionPeriodSeconds: bigint;
  maxProposalTitleLen: number;
  maxProposalSummaryLen: number;
}

export function defaultGroupConfig(): GroupConfig {
  return {
    maxMetadataLen: 255,
    maxExecutionPeriodSeconds: 14n * 24n * 3600n,
    maxProposalTitleLen: 255,
    maxProposalSummaryLen: 10200,
  };
}
