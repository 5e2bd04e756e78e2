import type { MsgEntry } from "./catalogue";

// Real-looking values: the accounts are addresses of keys named alice, bob, carol and dave; GOV
// is the gov module's account, the authority of parameter updates (those go inside a proposal,
// so their examples only generate the message).
const ALICE = "yml190vqdjtlpcq27xslcveglfmr4ynfwg7gcdmrp6";
const BOB = "yml1sxmr0k8u6trd5c6eu6trzyapzux7090yf2hev6";
const CAROL = "yml1fsndjp6vylvfahjeyuxq4s2tw8s8rv2j6semqc";
const DAVE = "yml1v84qsqlcs56j8dmh6s22eccnpn2d87fdnma4yp";
const VALOPER = "ymlvaloper190vqdjtlpcq27xslcveglfmr4ynfwg7gwnhjva";
const GOV = "yml10d07y265gmmuvt4z0w9aw880jnsr700jz5s386";
const HASH = "550a49ead28c8f626c7026d5fad7b537003546386755f06a410a55a76055be87";
const HASH2 = "ee8250fb76e094b34b471f13a73dbbe51d1ae142e9df59d7c0d31ec20f0a0a8e";
const BY_GOV = `--from ${GOV} --generate-only`;

/**
 * One example command line per chain-module message: what follows `blockchaind tx <module>
 * <command>` (a test parses each through the real command). The two @files are documents too
 * long for one line: the enforcement params and the constitution's invariants, as in genesis.
 */
export const MSG_EXAMPLES: Record<string, string> = {
  // alias
  "/blockchain.alias.v1.MsgRegisterAlias": "--from alice",
  "/blockchain.alias.v1.MsgRotateAlias": "--from alice",
  "/blockchain.alias.v1.MsgSetJurisdiction": `${BOB} DE --from registrar`,
  "/blockchain.alias.v1.MsgRegisterViewingKey": "a1633cafcc01ebfb6d78e39f687a1f0995c62fc95f51ead10a02ee0be551b5dc --from alice",
  "/blockchain.alias.v1.MsgRevokeViewingKey": "1 --from alice",
  "/blockchain.alias.v1.MsgAppointRegulator": `DE ${CAROL} ${BY_GOV}`,
  "/blockchain.alias.v1.MsgGrantAuditor": `${DAVE} 2000000 ${BY_GOV}`,
  "/blockchain.alias.v1.MsgGrantRole": `${CAROL} ROLE_REGISTRY_AUTHORITY DE ${BY_GOV}`,
  "/blockchain.alias.v1.MsgRevokeRole": `${CAROL} ROLE_REGISTRY_AUTHORITY DE ${BY_GOV}`,
  "/blockchain.alias.v1.MsgUpdateParams": `--params-json '{"payload_length":8}' ${BY_GOV}`,
  // builderfee
  "/blockchain.builderfee.v1.MsgUpdateParams": `--params-json '{"builder_fee_share_bps":"3000"}' ${BY_GOV}`,
  "/blockchain.builderfee.v1.MsgRegisterBuilder": `/blockchain.land.v1.MsgRegisterParcel ${ALICE} --from alice`,
  "/blockchain.builderfee.v1.MsgApproveBuilder": `/blockchain.land.v1.MsgRegisterParcel true ${BY_GOV}`,
  // constitution
  "/blockchain.constitution.v1.MsgProposeAmendment": `--invariants-json @invariants.json --reason "raise the enforcement quorum" ${BY_GOV}`,
  "/blockchain.constitution.v1.MsgRatifyAmendment": "1 --from validator-operator",
  "/blockchain.constitution.v1.MsgWithdrawAmendment": `1 ${BY_GOV}`,
  // custody
  "/blockchain.custody.v1.MsgRegisterAsset": `ubtc bitcoin BTC 8 ${BY_GOV}`,
  "/blockchain.custody.v1.MsgSetAttestor": `${CAROL} true ${BY_GOV}`,
  "/blockchain.custody.v1.MsgAttestDeposit": `ubtc ${ALICE} 150000000 btc-tx-4a5e1e4baab89f3a32518a88c31bc87f --from custodian`,
  "/blockchain.custody.v1.MsgReportReserve": "ubtc 2100000000 --from custodian",
  "/blockchain.custody.v1.MsgWithdrawFees": `ubtc ${DAVE} 50000 ${BY_GOV}`,
  "/blockchain.custody.v1.MsgRequestRedemption": "ubtc 100000000 bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq --from alice",
  "/blockchain.custody.v1.MsgSettleRedemption": "1 btc-tx-6f8e2b0c1d --from custodian",
  "/blockchain.custody.v1.MsgUpdateParams": `--params-json '{"attestation_threshold":2,"redemption_delay_blocks":"100","fee_bps":10,"reserve_report_max_age_blocks":"14400"}' ${BY_GOV}`,
  // enforcement
  "/blockchain.enforcement.v1.MsgUpdateParams": `--params-json @enforcement-params.json ${BY_GOV}`,
  "/blockchain.enforcement.v1.MsgOpenCase": `${BOB} CASE_ACTION_FREEZE "court order 2025/114" https://evidence.example/case-114.pdf ${HASH2} --from enforcer`,
  "/blockchain.enforcement.v1.MsgVoteCase": "1 VOTE_OPTION_YES --from enforcer",
  "/blockchain.enforcement.v1.MsgWithdrawCase": "1 --from enforcer",
  "/blockchain.enforcement.v1.MsgSweep": "1 --from alice",
  "/blockchain.enforcement.v1.MsgEmergencyFreeze": `${BOB} "funds of a reported theft" https://evidence.example/report-77.pdf ${HASH2} ${BY_GOV}`,
  "/blockchain.enforcement.v1.MsgEmergencyRelease": `1 "theft report withdrawn" ${BY_GOV}`,
  "/blockchain.enforcement.v1.MsgOmbudsmanVeto": '1 "disproportionate to the claim" --from ombudsman',
  "/blockchain.enforcement.v1.MsgReverseCase": `1 "judgment overturned on appeal" ${BY_GOV}`,
  // land
  "/blockchain.land.v1.MsgUpdateParams": `--params-json '{"attestation_quorum":2,"challenge_window":"604800","same_authority_attestation":false}' ${BY_GOV}`,
  "/blockchain.land.v1.MsgRegisterAuthority": `${CAROL} "Berlin Land Registry" DE true ${BY_GOV}`,
  "/blockchain.land.v1.MsgRegisterParcel": `${HASH} DE-BE-0042-117 ${ALICE} --from registry-office`,
  "/blockchain.land.v1.MsgProposeTransfer": `1 ${BOB} 450000000uyml --from alice`,
  "/blockchain.land.v1.MsgValidateTransfer": "1 --from registry-office",
  "/blockchain.land.v1.MsgAttestTransfer": "1 --from notary",
  "/blockchain.land.v1.MsgObject": '1 "boundary dispute with parcel 7" --from carol',
  "/blockchain.land.v1.MsgCompleteTransfer": "1 --from bob",
  "/blockchain.land.v1.MsgRecordEncumbrance": `1 mortgage ${DAVE} "first-rank mortgage, 300000 EUR" --from registry-office`,
  "/blockchain.land.v1.MsgFreezeParcel": '1 "pending court ruling" --from registry-office',
  "/blockchain.land.v1.MsgAttachDeed": `1 deed ${HASH2} https://registry.example/deeds/2025-117.pdf DE-BE-D-2025-117 2025-03-14 --from registry-office`,
  "/blockchain.land.v1.MsgSetRestriction": '1 zoning residential "no commercial use" --from registry-office',
  "/blockchain.land.v1.MsgAuthoriseFractionalisation": "1 ownership 4900 1767225600 --from registry-office",
  // netting
  "/blockchain.netting.v1.MsgUpdateParams": `--params-json '{"cycle_blocks":"10","denom_policies":[],"max_hold_cycles":"3"}' ${BY_GOV}`,
  "/blockchain.netting.v1.MsgPostReserve": "5000000000ueur --from bank-a",
  "/blockchain.netting.v1.MsgWithdrawReserve": "1000000000ueur --from bank-a",
  "/blockchain.netting.v1.MsgSubmitObligation": `${BOB} ueur 2500000 ${HASH} --from bank-a`,
  "/blockchain.netting.v1.MsgAbandonHeldSlice": `3 ueur "participant in resolution" ${BY_GOV}`,
  // oracle
  "/blockchain.oracle.v1.MsgUpdateParams": `--params-json '{"vote_period":"5","vote_threshold_bps":"5000","quote_symbol":"USD","accepted_denoms":["uyml"],"max_rate_age_seconds":"600","max_appraisal_age_seconds":"31536000","max_class_ids_per_appraiser":"20"}' ${BY_GOV}`,
  "/blockchain.oracle.v1.MsgSubmitExchangeRates": `${VALOPER} --rates-json '[{"denom":"uyml","rate":"0.245000000000000000"}]' --from feeder`,
  "/blockchain.oracle.v1.MsgDelegateFeeder": `${VALOPER} ${BOB} --from validator-operator`,
  "/blockchain.oracle.v1.MsgApplyAppraiser": '"Example Valuations GmbH" "RICS registered valuer 0871234" parcels --from appraiser',
  "/blockchain.oracle.v1.MsgApproveAppraiser": `${CAROL} true parcels ${BY_GOV}`,
  "/blockchain.oracle.v1.MsgRevokeAppraiser": `${CAROL} "licence withdrawn" ${BY_GOV}`,
  "/blockchain.oracle.v1.MsgSubmitAppraisal": `parcels parcel-117 450000000 uyml 1741910400 comparables https://valuations.example/r/117.pdf ${HASH2} --from appraiser`,
  // paymsg
  "/blockchain.paymsg.v1.MsgUpdateParams": `--params-json '{"require_settlement_jurisdiction":true}' ${BY_GOV}`,
  "/blockchain.paymsg.v1.MsgApplyParticipant": 'EXBKDEFF "Example Bank AG" --from bank-a',
  "/blockchain.paymsg.v1.MsgSendPayment": `E2E-2025-000117 ${ALICE} ${BOB} ${CAROL} ueur 125000 SUPP "invoice 2025-117" --from alice`,
  "/blockchain.paymsg.v1.MsgApproveParticipant": `${ALICE} true ${BY_GOV}`,
  "/blockchain.paymsg.v1.MsgRegisterCustomer": `${DAVE} true --from bank-a`,
  "/blockchain.paymsg.v1.MsgConfirmParticipant": `${ALICE} true --from dave`,
  "/blockchain.paymsg.v1.MsgSetPayloadStore": "https://payloads.bank-a.example --from bank-a",
  // stablecoin
  "/blockchain.stablecoin.v1.MsgUpdateParams": `--params-json '{"default_mint_ceiling":"1000000000000000","mint_ceilings":[]}' ${BY_GOV}`,
  "/blockchain.stablecoin.v1.MsgRegisterCurrency": 'ueur EUR 6 "Euro" EUR "euro stablecoin, 1:1 reserve" --from issuer',
  "/blockchain.stablecoin.v1.MsgMintCoin": `ueur 1000000000 ${ALICE} --from issuer`,
  "/blockchain.stablecoin.v1.MsgBurnCoin": "ueur 250000000 --from issuer",
  "/blockchain.stablecoin.v1.MsgApproveIssuer": `ueur true ${BY_GOV}`,
  "/blockchain.stablecoin.v1.MsgRevokeIssuer": `ueur "reserve attestation lapsed" ${BY_GOV}`,
  // tokenisation
  "/blockchain.tokenisation.v1.MsgUpdateParams": `--params-json '{"min_challenge_window_seconds":"86400","max_challenge_window_seconds":"31536000","max_dispute_bond_bps":1000}' ${BY_GOV}`,
  "/blockchain.tokenisation.v1.MsgCreateCollection": `--collection-json '{"id":"parcels","authority":"${ALICE}","verification":"VERIFY_ATTESTORS","attestation_threshold":2,"challenge_window_seconds":"604800","dispute_bond_bps":500,"attestors":["${CAROL}","${DAVE}"]}' ${BY_GOV}`,
  "/blockchain.tokenisation.v1.MsgSetCollectionAuthority": `parcels ${CAROL} --from alice`,
  "/blockchain.tokenisation.v1.MsgSetCollectionAttestors": `parcels ${CAROL},${DAVE} --from alice`,
  "/blockchain.tokenisation.v1.MsgResolveDispute": "1 440000000uyml --from alice",
  "/blockchain.tokenisation.v1.MsgMintAsset": `parcels ${ALICE} https://registry.example/parcels/117.json 1 --from registry-office`,
  "/blockchain.tokenisation.v1.MsgFractionalise": "1 BE117 1000000 2000 uyml --from alice",
  "/blockchain.tokenisation.v1.MsgTransferAsset": `1 ${BOB} --from alice`,
  "/blockchain.tokenisation.v1.MsgFundVault": "1 5000000uyml --from alice",
  "/blockchain.tokenisation.v1.MsgReportSale": "1 450000000uyml https://registry.example/sales/117.pdf --from alice",
  "/blockchain.tokenisation.v1.MsgPaySaleProceeds": "1 450000000uyml --from bob",
  "/blockchain.tokenisation.v1.MsgAttestSale": "1 450000000uyml --from carol",
  "/blockchain.tokenisation.v1.MsgDisputeSale": '1 "price far below the appraisal" --from dave',
  "/blockchain.tokenisation.v1.MsgFinaliseSale": "1 --from alice",
  "/blockchain.tokenisation.v1.MsgClaim": "1 --from bob",
  "/blockchain.tokenisation.v1.MsgRedeem": "1 250000 --from bob",
  // treasury
  "/blockchain.treasury.v1.MsgUpdateParams": `--params-json '{"max_locks_per_treasury":"500","max_role_assignments_per_treasury":"100","min_lock_seconds":"60","max_spend_policy_addresses":"200"}' ${BY_GOV}`,
  "/blockchain.treasury.v1.MsgCreateTreasury": `"Road maintenance fund" ${ALICE} --from alice`,
  "/blockchain.treasury.v1.MsgDeposit": "1 25000000uyml --from bob",
  "/blockchain.treasury.v1.MsgSpend": `1 ${CAROL} 1200000uyml "invoice 2025-031" --from alice`,
  "/blockchain.treasury.v1.MsgCreateLock": `1 ${DAVE} uyml 12000000 LOCK_TYPE_VESTING 1735689600 1743465600 1767225600 12 true --from alice`,
  "/blockchain.treasury.v1.MsgClaimLock": "1 --from dave",
  "/blockchain.treasury.v1.MsgRevokeLock": "1 --from alice",
  "/blockchain.treasury.v1.MsgOpenEscrow": `${BOB} ${CAROL} 3000000uyml "deposit for unit 4B" --from alice`,
  "/blockchain.treasury.v1.MsgReleaseEscrow": "2 --from alice",
  "/blockchain.treasury.v1.MsgDisputeEscrow": '2 "keys not handed over" --from alice',
  "/blockchain.treasury.v1.MsgResolveEscrow": "2 true --from carol",
  "/blockchain.treasury.v1.MsgAssignRole": `1 ${BOB} ROLE_SPENDER --from alice`,
  "/blockchain.treasury.v1.MsgRevokeRole": `1 ${BOB} --from alice`,
  "/blockchain.treasury.v1.MsgSetSpendPolicy": `--policy-json '{"treasury_id":"1","denom":"uyml","per_transaction_limit":"5000000","period_limit":"20000000","period_seconds":"2592000","allowlist":["${CAROL}"]}' --from alice`,
  "/blockchain.treasury.v1.MsgSetPaused": "1 true --from alice",
  "/blockchain.treasury.v1.MsgSetAdmin": `1 ${CAROL} --from alice`,
  // validatorgov
  "/blockchain.validatorgov.v1.MsgUpdateParams": `--params-json '{"planned_rotation_delay_blocks":"100","recovery_challenge_window_blocks":"1000","attestation_interval_blocks":"100000","seat_bond_amount":"1000000"}' ${BY_GOV}`,
  "/blockchain.validatorgov.v1.MsgApplyValidator":
    '"Example Node Ops" "validator in Frankfurt" LEI-5299000J2N45DDNE4Y28 UBO-DE-0042 DE --from validator-operator',
  "/blockchain.validatorgov.v1.MsgApproveValidator": `${ALICE} true ${BY_GOV}`,
  "/blockchain.validatorgov.v1.MsgRotateOperator": `${BOB} --from validator-operator`,
  "/blockchain.validatorgov.v1.MsgProposeOperatorRecovery": `${ALICE} ${BOB} "operator key lost in an HSM failure" --from bob`,
  "/blockchain.validatorgov.v1.MsgApproveOperatorRecovery": `1 true ${BY_GOV}`,
  "/blockchain.validatorgov.v1.MsgCancelOperatorRotation": "1 --from validator-operator",
  "/blockchain.validatorgov.v1.MsgAttestOwnership": "LEI-5299000J2N45DDNE4Y28 UBO-DE-0042 DE --from validator-operator",
  "/blockchain.validatorgov.v1.MsgSetValidatorPower": `${VALOPER} 2 ${BY_GOV}`,
};

export function exampleOf(entry: MsgEntry): string | undefined {
  return MSG_EXAMPLES[entry.def.typeUrl];
}

/** Splits an example line as a POSIX shell would: words, with '…' and "…" quoting. */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g)) words.push(m[1] ?? m[2]?.replace(/\\(.)/g, "$1") ?? m[3]!);
  return words;
}
