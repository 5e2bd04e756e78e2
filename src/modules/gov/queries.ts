import { ProposalStatus, type TallyResult } from "cosmjs-types/cosmos/gov/v1/gov";
import * as q from "cosmjs-types/cosmos/gov/v1/query";
import { accAddress } from "../../types/address";
import type { Context } from "../../types/context";
import { defineQuery, pageRequest, pageResponse, paginated, queryErrors } from "../../types/define";
import type { QueryDef } from "../../types/module";
import type { GovKeeper } from "./keeper";
import { PARAMS_TYPES } from "./params";

const FILTERABLE_STATUSES: readonly number[] = [
  ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD,
  ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD,
  ProposalStatus.PROPOSAL_STATUS_PASSED,
  ProposalStatus.PROPOSAL_STATUS_REJECTED,
  ProposalStatus.PROPOSAL_STATUS_FAILED,
];

const EMPTY_TALLY: TallyResult = { yesCount: "0", abstainCount: "0", noCount: "0", noWithVetoCount: "0" };

function proposalIdArg(id: bigint): bigint {
  if (id === 0n) throw queryErrors.invalidArgument("proposal id can not be 0");
  return id;
}

function addressArg(address: string, what: string): Uint8Array {
  if (address === "") throw queryErrors.invalidArgument(`empty ${what} address`);
  if (!accAddress.isValid(address)) throw queryErrors.invalidArgument(`invalid ${what} address: ${JSON.stringify(address.slice(0, 100))}`);
  return accAddress.decode(address);
}

function mustProposal(ctx: Context, k: GovKeeper, id: bigint) {
  const proposal = k.getProposal(ctx, proposalIdArg(id));
  if (!proposal) throw queryErrors.notFound(`proposal ${id} doesn't exist`);
  return proposal;
}

export function govQueries(k: GovKeeper): QueryDef[] {
  return [
    defineQuery({
      requestCodec: q.QueryConstitutionRequest,
      responseCodec: q.QueryConstitutionResponse,
      handle: (ctx) => ({ constitution: k.constitution.get(ctx) }),
    }),
    defineQuery({
      requestCodec: q.QueryProposalRequest,
      responseCodec: q.QueryProposalResponse,
      handle: (ctx, req) => ({ proposal: mustProposal(ctx, k, req.proposalId) }),
    }),
    defineQuery({
      requestCodec: q.QueryProposalsRequest,
      responseCodec: q.QueryProposalsResponse,
      handle: (ctx, req) => {
        const voter = req.voter === "" ? undefined : addressArg(req.voter, "voter");
        const depositor = req.depositor === "" ? undefined : addressArg(req.depositor, "depositor");
        const byStatus = FILTERABLE_STATUSES.includes(req.proposalStatus);
        const page = paginated(() =>
          k.proposals.paginate(ctx, pageRequest(req.pagination), {
            filter: (id, p) =>
              (!byStatus || p.status === req.proposalStatus) &&
              (voter === undefined || k.votes.has(ctx, [id, voter])) &&
              (depositor === undefined || k.deposits.has(ctx, [id, depositor])),
          }),
        );
        return { proposals: page.items.map(([, p]) => p), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryVoteRequest,
      responseCodec: q.QueryVoteResponse,
      handle: (ctx, req) => {
        const id = proposalIdArg(req.proposalId);
        const vote = k.votes.get(ctx, [id, addressArg(req.voter, "voter")]);
        if (!vote) throw queryErrors.notFound(`voter: ${req.voter} not found for proposal: ${id}`);
        return { vote };
      },
    }),
    defineQuery({
      requestCodec: q.QueryVotesRequest,
      responseCodec: q.QueryVotesResponse,
      handle: (ctx, req) => {
        const id = proposalIdArg(req.proposalId);
        const page = paginated(() => k.votes.paginate(ctx, pageRequest(req.pagination), { prefix: k.voterKey.prefix(id) }));
        return { votes: page.items.map(([, v]) => v), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryParamsRequest,
      responseCodec: q.QueryParamsResponse,
      handle: (ctx, req) => {
        const params = k.getParams(ctx);
        const out: q.QueryParamsResponse = { params };
        switch (req.paramsType) {
          case PARAMS_TYPES.deposit:
            out.depositParams = { minDeposit: params.minDeposit, maxDepositPeriod: params.maxDepositPeriod };
            break;
          case PARAMS_TYPES.voting:
            out.votingParams = { votingPeriod: params.votingPeriod };
            break;
          case PARAMS_TYPES.tallying:
            out.tallyParams = { quorum: params.quorum, threshold: params.threshold, vetoThreshold: params.vetoThreshold };
            break;
          default:
            if (req.paramsType !== "") throw queryErrors.invalidArgument(`unknown params type: ${req.paramsType.slice(0, 100)}`);
        }
        return out;
      },
    }),
    defineQuery({
      requestCodec: q.QueryDepositRequest,
      responseCodec: q.QueryDepositResponse,
      handle: (ctx, req) => {
        const id = proposalIdArg(req.proposalId);
        const deposit = k.deposits.get(ctx, [id, addressArg(req.depositor, "depositor")]);
        if (!deposit) throw queryErrors.notFound(`depositer: ${req.depositor} not found for proposal: ${id}`);
        return { deposit };
      },
    }),
    defineQuery({
      requestCodec: q.QueryDepositsRequest,
      responseCodec: q.QueryDepositsResponse,
      handle: (ctx, req) => {
        const id = proposalIdArg(req.proposalId);
        const page = paginated(() => k.deposits.paginate(ctx, pageRequest(req.pagination), { prefix: k.voterKey.prefix(id) }));
        return { deposits: page.items.map(([, d]) => d), pagination: pageResponse(page) };
      },
    }),
    defineQuery({
      requestCodec: q.QueryTallyResultRequest,
      responseCodec: q.QueryTallyResultResponse,
      handle: (ctx, req) => {
        const proposal = mustProposal(ctx, k, req.proposalId);
        switch (proposal.status) {
          case ProposalStatus.PROPOSAL_STATUS_DEPOSIT_PERIOD:
            return { tally: EMPTY_TALLY };
          case ProposalStatus.PROPOSAL_STATUS_PASSED:
          case ProposalStatus.PROPOSAL_STATUS_REJECTED:
          case ProposalStatus.PROPOSAL_STATUS_FAILED:
            return { tally: proposal.finalTallyResult ?? EMPTY_TALLY };
          default:
            return { tally: k.settlement.tally(ctx, proposal).result };
        }
      },
    }),
  ];
}
