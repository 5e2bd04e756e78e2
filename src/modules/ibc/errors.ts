/**
 * IBC core's codespaces and codes, numbered as ibc-go v10 registers them (relayers match on
 * them): modules/core/02-client/types/errors.go ("client"), 23-commitment ("commitment") and
 * core/errors ("ibc"). 24-host's are in host.ts; 07-tendermint's with the light client.
 */
import { AppError, registerError } from "../../types/errors";

/** errorsmod.Wrap of an error already typed: the same codespace and code, `context` prefixed (other throws pass unchanged). */
export function wrapError(err: unknown, context: string): unknown {
  return err instanceof AppError ? new AppError(err.codespace, err.code, `${context}: ${err.message}`, err.grpcCode) : err;
}

/** Runs `f`, re-throwing its error wrapped with `context`. */
export function wrapped<T>(context: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    throw wrapError(e, context);
  }
}

export const clientErrors = {
  ErrClientExists: registerError("client", 2, "light client already exists"),
  ErrInvalidClient: registerError("client", 3, "light client is invalid"),
  ErrClientNotFound: registerError("client", 4, "light client not found"),
  ErrClientFrozen: registerError("client", 5, "light client is frozen due to misbehaviour"),
  ErrInvalidClientMetadata: registerError("client", 6, "invalid client metadata"),
  ErrConsensusStateNotFound: registerError("client", 7, "consensus state not found"),
  ErrInvalidConsensus: registerError("client", 8, "invalid consensus state"),
  ErrClientTypeNotFound: registerError("client", 9, "client type not found"),
  ErrInvalidClientType: registerError("client", 10, "invalid client type"),
  ErrRootNotFound: registerError("client", 11, "commitment root not found"),
  ErrInvalidHeader: registerError("client", 12, "invalid client header"),
  ErrInvalidMisbehaviour: registerError("client", 13, "invalid light client misbehaviour"),
  ErrFailedClientStateVerification: registerError("client", 14, "client state verification failed"),
  ErrFailedClientConsensusStateVerification: registerError("client", 15, "client consensus state verification failed"),
  ErrFailedConnectionStateVerification: registerError("client", 16, "connection state verification failed"),
  ErrFailedChannelStateVerification: registerError("client", 17, "channel state verification failed"),
  ErrFailedPacketCommitmentVerification: registerError("client", 18, "packet commitment verification failed"),
  ErrFailedPacketAckVerification: registerError("client", 19, "packet acknowledgement verification failed"),
  ErrFailedPacketReceiptVerification: registerError("client", 20, "packet receipt verification failed"),
  ErrFailedNextSeqRecvVerification: registerError("client", 21, "next sequence receive verification failed"),
  ErrSelfConsensusStateNotFound: registerError("client", 22, "self consensus state not found"),
  ErrUpdateClientFailed: registerError("client", 23, "unable to update light client"),
  ErrInvalidRecoveryClient: registerError("client", 24, "invalid recovery client"),
  ErrInvalidUpgradeClient: registerError("client", 25, "invalid client upgrade"),
  ErrInvalidHeight: registerError("client", 26, "invalid height"),
  ErrInvalidSubstitute: registerError("client", 27, "invalid client state substitute"),
  ErrInvalidUpgradeProposal: registerError("client", 28, "invalid upgrade proposal"),
  ErrClientNotActive: registerError("client", 29, "client state is not active"),
  ErrFailedMembershipVerification: registerError("client", 30, "membership verification failed"),
  ErrFailedNonMembershipVerification: registerError("client", 31, "non-membership verification failed"),
  ErrRouteNotFound: registerError("client", 32, "light client module route not found"),
  ErrClientTypeNotSupported: registerError("client", 33, "client type not supported"),
} as const;

export const commitmentErrors = {
  ErrInvalidProof: registerError("commitment", 2, "invalid proof"),
  ErrInvalidPrefix: registerError("commitment", 3, "invalid prefix"),
  ErrInvalidMerkleProof: registerError("commitment", 4, "invalid merkle proof"),
} as const;

/** ibc-go's core/errors (codespace "ibc"). */
export const ibcErrors = {
  ErrInvalidSequence: registerError("ibc", 1, "invalid sequence"),
  ErrUnauthorized: registerError("ibc", 2, "unauthorized"),
  ErrInvalidAddress: registerError("ibc", 5, "invalid address"),
  ErrInvalidRequest: registerError("ibc", 8, "invalid request"),
  ErrInvalidHeight: registerError("ibc", 9, "invalid height"),
  ErrInvalidVersion: registerError("ibc", 10, "invalid version"),
  ErrInvalidType: registerError("ibc", 12, "invalid type"),
  ErrUnpackAny: registerError("ibc", 14, "failed unpacking protobuf message from Any"),
  ErrNotFound: registerError("ibc", 16, "not found"),
} as const;

/** modules/core/03-connection/types/errors.go. */
export const connectionErrors = {
  ErrConnectionExists: registerError("connection", 2, "connection already exists"),
  ErrConnectionNotFound: registerError("connection", 3, "connection not found"),
  ErrClientConnectionPathsNotFound: registerError("connection", 4, "light client connection paths not found"),
  ErrConnectionPath: registerError("connection", 5, "connection path is not associated to the given light client"),
  ErrInvalidConnectionState: registerError("connection", 6, "invalid connection state"),
  ErrInvalidCounterparty: registerError("connection", 7, "invalid counterparty connection"),
  ErrInvalidConnection: registerError("connection", 8, "invalid connection"),
  ErrInvalidVersion: registerError("connection", 9, "invalid connection version"),
  ErrVersionNegotiationFailed: registerError("connection", 10, "connection version negotiation failed"),
  ErrInvalidConnectionIdentifier: registerError("connection", 11, "invalid connection identifier"),
} as const;

/** modules/core/04-channel/types/errors.go (the v1 channel codes; upgrades are not served). */
export const channelErrors = {
  ErrChannelExists: registerError("channel", 2, "channel already exists"),
  ErrChannelNotFound: registerError("channel", 3, "channel not found"),
  ErrInvalidChannel: registerError("channel", 4, "invalid channel"),
  ErrInvalidChannelState: registerError("channel", 5, "invalid channel state"),
  ErrInvalidChannelOrdering: registerError("channel", 6, "invalid channel ordering"),
  ErrInvalidCounterparty: registerError("channel", 7, "invalid counterparty channel"),
  ErrSequenceSendNotFound: registerError("channel", 10, "sequence send not found"),
  ErrSequenceReceiveNotFound: registerError("channel", 11, "sequence receive not found"),
  ErrSequenceAckNotFound: registerError("channel", 12, "sequence acknowledgement not found"),
  ErrInvalidPacket: registerError("channel", 13, "invalid packet"),
  ErrPacketTimeout: registerError("channel", 14, "packet timeout"),
  ErrTooManyConnectionHops: registerError("channel", 15, "too many connection hops"),
  ErrInvalidAcknowledgement: registerError("channel", 16, "invalid acknowledgement"),
  ErrAcknowledgementExists: registerError("channel", 17, "acknowledgement for packet already exists"),
  ErrInvalidChannelIdentifier: registerError("channel", 18, "invalid channel identifier"),
  ErrPacketReceived: registerError("channel", 19, "packet already received"),
  ErrPacketCommitmentNotFound: registerError("channel", 20, "packet commitment not found"),
  ErrPacketSequenceOutOfOrder: registerError("channel", 21, "packet sequence is out of order"),
  ErrRedundantTx: registerError("channel", 22, "packet messages are redundant"),
  ErrNoOpMsg: registerError("channel", 23, "message is redundant, no-op will be performed"),
  ErrInvalidChannelVersion: registerError("channel", 24, "invalid channel version"),
  ErrPacketNotSent: registerError("channel", 25, "packet has not been sent"),
  ErrInvalidTimeout: registerError("channel", 26, "invalid packet timeout"),
  ErrTimeoutNotReached: registerError("channel", 39, "timeout not reached"),
  ErrTimeoutElapsed: registerError("channel", 40, "timeout elapsed"),
  ErrInvalidCommitment: registerError("channel", 43, "invalid commitment"),
} as const;

/** modules/core/05-port/types/errors.go. */
export const portErrors = {
  ErrPortExists: registerError("port", 2, "port is already binded"),
  ErrPortNotFound: registerError("port", 3, "port not found"),
  ErrInvalidPort: registerError("port", 4, "invalid port"),
  ErrInvalidRoute: registerError("port", 5, "route not found"),
} as const;
