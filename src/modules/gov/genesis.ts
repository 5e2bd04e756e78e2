import { ProposalStatus } from "cosmjs-types/cosmos/gov/v1/gov";
import { GenesisState } from "cosmjs-types/cosmos/gov/v1/genesis";
import { accAddress } from "../../types/address";
import { addCoins, coinsFromProto, formatCoins, type Coin } from "../../types/coins";
import type { GenesisDef } from "../../types/module";
import { govErrors } from "./errors";
import { coinsAllGte, GOV_MODULE, type GovKeeper } from "./keeper";
import { defaultGovParams, validateGovParams } from "./params";

function invalid(reason: string): never {
  throw govErrors.ErrInvalidGenesis.wrap(reason);
}

function validateGenesis(g: GenesisState): void {
  if (g.startingProposalId === 0n) invalid("starting proposal id must be greater than 0");
  if (!g.params) invalid("params must be set");
  validateGovParams(g.params, govErrors.ErrInvalidGenesis);
  const ids = new Set<bigint>();
  for (const p of g.proposals) {
    if (ids.has(p.id)) invalid(`duplicate proposal id: ${p.id}`);
    if (p.id >= g.startingProposalId) invalid(`proposal id ${p.id} is not below the starting proposal id ${g.startingProposalId}`);
    if (p.status === ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD && !p.depositEndTime)
      invalid(`proposal ${p.id} in deposit period has no deposit end time`);
    if (p.status === ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD && !(p.votingStartTime && p.votingEndTime))
      invalid(`proposal ${p.id} in voting period has no voting times`);
    ids.add(p.id);
  }
  const seen = new Set<string>();
  for (const d of g.deposits) {
    if (!ids.has(d.proposalId)) invalid(`deposit for unknown proposal ${d.proposalId}`);
    accAddress.validate(d.depositor);
    const key = `${d.proposalId}/${d.depositor}`;
    if (seen.has(key)) invalid(`duplicate deposit: ${key}`);
    seen.add(key);
    coinsFromProto(d.amount);
  }
  seen.clear();
  for (const v of g.votes) {
    if (!ids.has(v.proposalId)) invalid(`vote for unknown proposal ${v.proposalId}`);
    accAddress.validate(v.voter);
    const key = `${v.proposalId}/${v.voter}`;
    if (seen.has(key)) invalid(`duplicate vote: ${key}`);
    seen.add(key);
  }
}

export function govGenesis(k: GovKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "cosmos.gov.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => GenesisState.fromPartial({ startingProposalId: 1n, params: defaultGovParams(), constitution: "" }),
    validate: validateGenesis,
    init: (ctx, g) => {
      k.proposalId.set(ctx, g.startingProposalId);
      k.params.set(ctx, g.params!);
      k.constitution.set(ctx, g.constitution);
      k.auth.getModuleAccount(ctx, GOV_MODULE);
      let totalDeposits: Coin[] = [];
      for (const d of g.deposits) {
        k.deposits.set(ctx, [d.proposalId, accAddress.decode(d.depositor)], d);
        totalDeposits = addCoins(totalDeposits, coinsFromProto(d.amount));
      }
      for (const v of g.votes) k.votes.set(ctx, [v.proposalId, accAddress.decode(v.voter)], v);
      for (const p of g.proposals) {
        if (p.status === ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD) k.enqueueInactive(ctx, p);
        else if (p.status === ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD) k.enqueueActive(ctx, p);
        k.setProposal(ctx, p);
      }
      // The SDK demands equality; gov's account may also hold funds sent to it for proposals
      // to spend, so only a shortfall means an inconsistent export.
      const balance = k.bank.getAllBalances(ctx, k.moduleAddress());
      if (!coinsAllGte(balance, totalDeposits)) {
        invalid(`gov module account holds ${formatCoins(balance)} but deposits total ${formatCoins(totalDeposits)}`);
      }
    },
    export: (ctx) =>
      GenesisState.fromPartial({
        startingProposalId: k.proposalId.peek(ctx),
        deposits: [...k.deposits.iterate(ctx)].map(([, d]) => d),
        votes: [...k.votes.iterate(ctx)].map(([, v]) => v),
        proposals: [...k.proposals.iterate(ctx)].map(([, p]) => p),
        params: k.getParams(ctx),
        constitution: k.constitution.get(ctx),
      }),
  };
}
