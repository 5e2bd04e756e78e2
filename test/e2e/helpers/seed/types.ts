/** The chain modules (and SDK modules) the seeded dev chain has a signed tx for. */
export const SEEDED_MODULES = [
  "bank",
  "staking",
  "gov",
  "alias",
  "enforcement",
  "tokenisation",
  "land",
  "oracle",
  "custody",
  "netting",
  "paymsg",
  "stablecoin",
  "treasury",
  "builderfee",
  "validatorgov",
  "constitution",
] as const;
export type SeededModule = (typeof SEEDED_MODULES)[number];

/** What the seeding created: fixed names, so a test can assert on them. Ids and amounts are decimal strings. */
export interface SeededData {
  chainId: string;
  /** The height reached when seeding finished (every seeded tx is at or below it). */
  height: number;
  /** Module → hash (upper-case hex, as CometBFT prints it) of a tx carrying one of that module's messages. */
  txHashes: Record<SeededModule, string>;
  addresses: {
    /** The DEV-ONLY faucet: operator of the dev validator, gov voter, enforcement case opener, oracle feeder's operator. */
    faucet: string;
    /** The dev validator (valoper form). */
    validator: string;
    /** Receives a bank send and delegates to the dev validator. */
    delegator: string;
    /** Approved stablecoin issuer and tokenisation collection authority. */
    issuer: string;
    /** Holds shares of the tokenised asset (bought from the owner). */
    shareholder: string;
    /** Target of the open enforcement case; frozen. */
    frozen: string;
    /** The land registry office (a group policy account) and the key that acts for it through authz. */
    registryOffice: string;
    registryOperator: string;
    /** Holds the parcel with a transfer pending, and the buyer it is proposed to. */
    parcelOwner: string;
    parcelBuyer: string;
    /** The oracle feeder the dev validator delegated to. */
    feeder: string;
    /** The custody attestors (custodians) that attested a deposit and reported reserves. */
    custodian: string;
    custodian2: string;
    /** Holds ROLE_ENFORCEMENT_AUTHORITY and ROLE_SUPERVISOR over DE (genesis grants). */
    regulator: string;
    /** Approved paymsg participants (also the netting institutions) and their customers. */
    bankA: string;
    bankB: string;
    payer: string;
    payee: string;
    treasuryAdmin: string;
    /** Approved builder of the builderfee module. */
    builder: string;
    /** Applicant to validatorgov (pending). */
    validatorApplicant: string;
  };
  /** Registered aliases (ids are issued by the chain), each with the jurisdiction recorded for its account. */
  aliases: Array<{ id: string; address: string; country: string }>;
  enforcement: { caseId: string; target: string };
  tokenisation: { collectionId: string; assetId: string; shareDenom: string; symbol: string; incomeDenom: string };
  land: { officeName: string; parcelIds: string[]; pendingParcelId: string; transferId: string; cadastralRef: string };
  oracle: { denom: string; rate: string };
  custody: { denom: string; deposited: string; reserve: string };
  netting: { denom: string; cycleId: string };
  paymsg: { endToEndId: string; instructingParticipant: string };
  stablecoin: { denom: string; minted: string };
  treasury: { id: string; name: string };
  builderfee: { msgTypeUrl: string };
  gov: { proposalId: string };
  constitution: { amendmentId: string };
}

export interface SeededChain {
  restUrl: string;
  rpcUrl: string;
  home: string;
  /** Stops the node and removes its home (kept when E2E_KEEP is set). */
  stop(): Promise<void>;
  data: SeededData;
}
