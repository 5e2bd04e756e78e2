export { AbciSocketServer, parseAddress, type AbciSocketServerOptions, type Logger } from "./server";
export { FrameDecoder, FrameError, encodeFrame, encodeUvarint, DEFAULT_MAX_FRAME_BYTES } from "./framing";
export { decodeRequest, type RequestKind } from "./requests";
