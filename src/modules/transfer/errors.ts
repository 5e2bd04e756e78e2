import { registerError } from "../../types/errors";

/** The transfer codespace, numbered as ibc-go's modules/apps/transfer/types/errors.go. */
export const transferErrors = {
  ErrInvalidPacketTimeout: registerError("transfer", 2, "invalid packet timeout"),
  ErrInvalidDenomForTransfer: registerError("transfer", 3, "invalid denomination for cross-chain transfer"),
  ErrInvalidVersion: registerError("transfer", 4, "invalid ICS20 version"),
  ErrInvalidAmount: registerError("transfer", 5, "invalid token amount"),
  ErrDenomNotFound: registerError("transfer", 6, "denomination not found"),
  ErrSendDisabled: registerError("transfer", 7, "fungible token transfers from this chain are disabled"),
  ErrReceiveDisabled: registerError("transfer", 8, "fungible token transfers to this chain are disabled"),
  ErrMaxTransferChannels: registerError("transfer", 9, "max transfer channels"),
  ErrInvalidAuthorization: registerError("transfer", 10, "invalid transfer authorization"),
  ErrInvalidMemo: registerError("transfer", 11, "invalid memo"),
  ErrForwardedPacketTimedOut: registerError("transfer", 12, "forwarded packet timed out"),
  ErrForwardedPacketFailed: registerError("transfer", 13, "forwarded packet failed"),
  ErrAbiEncoding: registerError("transfer", 14, "encoding abi failed"),
  ErrAbiDecoding: registerError("transfer", 15, "decoding abi failed"),
  ErrReceiveFailed: registerError("transfer", 16, "receive packet failed"),
} as const;

/**
 * The core "ibc" codespace errors transfer returns, numbered as ibc-go's modules/core/errors.
 * Core IBC registers the same codes with the same descriptions; registering twice with equal
 * text is allowed, so whichever module loads first wins and both name the same kind.
 */
export const ibcErrors = {
  ErrUnauthorized: registerError("ibc", 2, "unauthorized"),
  ErrInvalidAddress: registerError("ibc", 5, "invalid address"),
  ErrInvalidCoins: registerError("ibc", 6, "invalid coins"),
  ErrUnknownRequest: registerError("ibc", 4, "unknown request"),
  ErrInvalidRequest: registerError("ibc", 8, "invalid request"),
  ErrInvalidType: registerError("ibc", 12, "invalid type"),
} as const;

/** 04-channel's code transfer returns for a channel it cannot find (shared with core IBC as above). */
export const channelErrors = {
  ErrChannelNotFound: registerError("channel", 3, "channel not found"),
  ErrInvalidChannelOrdering: registerError("channel", 6, "invalid channel ordering"),
  ErrInvalidChannelIdentifier: registerError("channel", 18, "invalid channel identifier"),
} as const;

/** 05-port's (shared with core IBC as above). */
export const portErrors = {
  ErrInvalidPort: registerError("port", 4, "invalid port"),
} as const;
