/**
 * ibc.core.connection.v1.Msg: the four handshake steps and UpdateConnectionParams, with
 * ibc-go's ValidateBasic checks at the door and its "connection handshake ... failed" wrapping.
 */
import * as tx from "../../gen/ibc/core/connection/v1/tx";
import { defineMsg } from "../../types/define";
import type { MsgDef } from "../../types/module";
import { isValidConnectionId, validateCounterparty, validateVersion } from "./connections";
import { clientErrors, commitmentErrors, connectionErrors, ibcErrors, wrapped } from "./errors";
import { validateClientId, validateConnectionId } from "./host";
import type { IbcKeeper } from "./keeper";
import { LOCALHOST_CLIENT_ID } from "./light-clients/localhost";
import { checkSigner, requireGov } from "./signers";

/** ibc-go's MaxCounterpartyVersionsLength. */
const MAX_COUNTERPARTY_VERSIONS = 100;

/** Init and Try open a handshake on a client of ours, never on the localhost one. */
function checkHandshakeClient(clientId: string): void {
  if (clientId === LOCALHOST_CLIENT_ID) throw clientErrors.ErrInvalidClientType.wrap("localhost connection handshakes are disallowed");
  wrapped("invalid client ID", () => validateClientId(clientId));
}

const handled = <R>(step: string, f: () => R): R => wrapped(`connection handshake open ${step} failed`, f);

export function ibcConnectionMsgs(k: IbcKeeper): MsgDef[] {
  const c = k.connections;
  return [
    defineMsg({
      codec: tx.MsgConnectionOpenInit,
      responseCodec: tx.MsgConnectionOpenInitResponse,
      signer: "signer",
      validate: (m) => {
        checkHandshakeClient(m.clientId);
        if ((m.counterparty?.connectionId ?? "") !== "") {
          throw connectionErrors.ErrInvalidCounterparty.wrap("counterparty connection identifier must be empty");
        }
        if (m.version) wrapped("basic validation of the provided version failed", () => validateVersion(m.version));
        checkSigner(m.signer);
        validateCounterparty(m.counterparty);
      },
      handle: (ctx, m) => {
        handled("init", () => c.openInit(ctx, m.clientId, m.counterparty, m.version, m.delayPeriod));
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgConnectionOpenTry,
      responseCodec: tx.MsgConnectionOpenTryResponse,
      signer: "signer",
      validate: (m) => {
        checkHandshakeClient(m.clientId);
        wrapped("invalid counterparty connection ID", () => validateConnectionId(m.counterparty?.connectionId ?? ""));
        if (m.counterpartyVersions.length === 0) throw ibcErrors.ErrInvalidVersion.wrap("empty counterparty versions");
        if (m.counterpartyVersions.length > MAX_COUNTERPARTY_VERSIONS) {
          throw ibcErrors.ErrInvalidVersion.wrap(`counterparty versions must not exceed ${MAX_COUNTERPARTY_VERSIONS} items`);
        }
        m.counterpartyVersions.forEach((v, i) => wrapped(`basic validation failed on version with index ${i}`, () => validateVersion(v)));
        if (m.proofInit.length === 0) throw commitmentErrors.ErrInvalidProof.wrap("cannot submit an empty proof init");
        checkSigner(m.signer);
        validateCounterparty(m.counterparty);
      },
      handle: (ctx, m) => {
        handled("try", () => c.openTry(ctx, m.counterparty, m.delayPeriod, m.clientId, m.counterpartyVersions, m.proofInit, m.proofHeight));
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgConnectionOpenAck,
      responseCodec: tx.MsgConnectionOpenAckResponse,
      signer: "signer",
      validate: (m) => {
        if (!isValidConnectionId(m.connectionId)) throw connectionErrors.ErrInvalidConnectionIdentifier.wrap();
        wrapped("invalid counterparty connection ID", () => validateConnectionId(m.counterpartyConnectionId));
        validateVersion(m.version);
        if (m.proofTry.length === 0) throw commitmentErrors.ErrInvalidProof.wrap("cannot submit an empty proof try");
        checkSigner(m.signer);
      },
      handle: (ctx, m) => {
        handled("ack", () => c.openAck(ctx, m.connectionId, m.version, m.counterpartyConnectionId, m.proofTry, m.proofHeight));
        return {};
      },
    }),
    defineMsg({
      codec: tx.MsgConnectionOpenConfirm,
      responseCodec: tx.MsgConnectionOpenConfirmResponse,
      signer: "signer",
      validate: (m) => {
        if (!isValidConnectionId(m.connectionId)) throw connectionErrors.ErrInvalidConnectionIdentifier.wrap();
        if (m.proofAck.length === 0) throw commitmentErrors.ErrInvalidProof.wrap("cannot submit an empty proof ack");
        checkSigner(m.signer);
      },
      handle: (ctx, m) => {
        handled("confirm", () => c.openConfirm(ctx, m.connectionId, m.proofAck, m.proofHeight));
        return {};
      },
    }),
    // Governance only: the signer must be the gov module account (ibc-go's authority).
    defineMsg({
      codec: tx.MsgUpdateParams,
      responseCodec: tx.MsgUpdateParamsResponse,
      signer: "signer",
      validate: (m) => {
        checkSigner(m.signer);
        if ((m.params?.maxExpectedTimePerBlock ?? 0n) === 0n) {
          throw ibcErrors.ErrInvalidRequest.wrap("MaxExpectedTimePerBlock cannot be zero");
        }
      },
      handle: (ctx, m) => {
        requireGov(m.signer);
        c.setParams(ctx, m.params!);
        return {};
      },
    }),
  ];
}
