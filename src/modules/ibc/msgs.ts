/**
 * ibc.core.client.v1.Msg: CreateClient, UpdateClient, SubmitMisbehaviour (07-tendermint
 * clients); RecoverClient and UpdateClientParams (governance); DeleteClientCreator (governance
 * or the client's creator).
 */
import * as tx from "../../gen/ibc/core/client/v1/tx";
import { accAddress } from "../../types/address";
import { govAuthority } from "../../types/authority";
import { defineMsg } from "../../types/define";
import type { Context } from "../../types/context";
import type { MsgDef } from "../../types/module";
import { unpackClientMessage, unpackClientState, unpackConsensusState } from "./client-codec";
import { validateClientParams } from "./client-params";
import { recoverClient, recoveryFailed } from "./client-recovery";
import { clientTypeOfId } from "./clients";
import { clientErrors, ibcErrors } from "./errors";
import { hostErrors, validateClientId } from "./host";
import type { IbcKeeper } from "./keeper";
import { checkHeader, checkMisbehaviour, validateClientState, validateConsensusState } from "./light-clients/tendermint";
import { checkSigner, requireGov } from "./signers";

/** A client message's ValidateBasic: the header's or the misbehaviour's (both headers'). */
function validateClientMessage(any: tx.MsgUpdateClient["clientMessage"]): void {
  const m = unpackClientMessage(any);
  if ("header" in m) checkHeader(m.header);
  else checkMisbehaviour(m.misbehaviour);
}

/** MsgUpdateClient's and MsgSubmitMisbehaviour's ValidateBasic (the client message, either kind, checked the same). */
function validateUpdate(signer: string, clientId: string, clientMessage: tx.MsgUpdateClient["clientMessage"]): void {
  accAddress.validate(signer);
  validateClientMessage(clientMessage);
  validateClientId(clientId);
}

export function ibcClientMsgs(k: IbcKeeper): MsgDef[] {
  const update = (ctx: Context, clientId: string, clientMessage: tx.MsgUpdateClient["clientMessage"]) => {
    k.clients.updateClient(ctx, clientId, clientMessage);
    return {};
  };
  return [
    defineMsg({
      codec: tx.MsgCreateClient,
      responseCodec: tx.MsgCreateClientResponse,
      signer: "signer",
      // MsgCreateClient.ValidateBasic: both states decode, are of one client type and are valid.
      validate: (m) => {
        accAddress.validate(m.signer);
        validateClientState(unpackClientState(m.clientState));
        validateConsensusState(unpackConsensusState(m.consensusState));
      },
      handle: (ctx, m) => ({ clientId: k.clients.createClient(ctx, m.clientState, m.consensusState, m.signer) }),
    }),
    defineMsg({
      codec: tx.MsgUpdateClient,
      responseCodec: tx.MsgUpdateClientResponse,
      signer: "signer",
      validate: (m) => validateUpdate(m.signer, m.clientId, m.clientMessage),
      handle: (ctx, m) => update(ctx, m.clientId, m.clientMessage),
    }),
    defineMsg({
      codec: tx.MsgSubmitMisbehaviour,
      responseCodec: tx.MsgSubmitMisbehaviourResponse,
      signer: "signer",
      validate: (m) => validateUpdate(m.signer, m.clientId, m.misbehaviour),
      // ibc-go routes a submitted misbehaviour through UpdateClient.
      handle: (ctx, m) => update(ctx, m.clientId, m.misbehaviour),
    }),
    defineMsg({
      codec: tx.MsgRecoverClient,
      responseCodec: tx.MsgRecoverClientResponse,
      signer: "signer",
      // The one client message ibc-go gives an amino name (gov proposals signed with Ledger).
      aminoName: "cosmos-sdk/MsgRecoverClient",
      validate: (m) => {
        checkSigner(m.signer);
        validateClientId(m.subjectClientId);
        validateClientId(m.substituteClientId);
        if (m.subjectClientId === m.substituteClientId) {
          throw clientErrors.ErrInvalidSubstitute.wrap("subject and substitute clients must be different");
        }
      },
      handle: (ctx, m) => {
        requireGov(m.signer);
        recoveryFailed(() => recoverClient(ctx, k.clients, m.subjectClientId, m.substituteClientId));
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      signer: "signer",
      // Params are non-nullable in ibc-go: absent is the empty allow list (no client type allowed).
      validate: (m) => {
        checkSigner(m.signer);
        validateClientParams(m.params ?? { allowedClients: [] });
      },
      handle: (ctx, m) => {
        requireGov(m.signer);
        k.clients.setParams(ctx, m.params ?? { allowedClients: [] });
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgDeleteClientCreator,
      responseCodec: tx.MsgDeleteClientCreatorResponse,
      signer: "signer",
      validate: (m) => {
        checkSigner(m.signer);
        validateClientId(m.clientId);
        if (clientTypeOfId(m.clientId) === undefined) {
          throw hostErrors.ErrInvalidID.wrap(`client ID ${m.clientId} must be in valid format: {string}-{number}`);
        }
      },
      // Governance or the address that created the client may drop the record.
      handle: (ctx, m) => {
        const creator = k.clients.creator(ctx, m.clientId);
        if (creator === undefined) throw ibcErrors.ErrNotFound.wrap(`creator for client ${m.clientId} not found`);
        const authority = govAuthority();
        if (m.signer !== authority && !Buffer.from(creator).equals(Buffer.from(accAddress.decode(m.signer)))) {
          throw ibcErrors.ErrUnauthorized.wrap(
            `authority ${authority} or client creator ${accAddress.encode(creator)} is authorized to delete creator for ${m.clientId}, got ${m.signer}`,
          );
        }
        k.clients.deleteCreator(ctx, m.clientId);
        return {};
      },
    }),
  ];
}
