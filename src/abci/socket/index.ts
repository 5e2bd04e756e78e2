export { AbciSocketServer, parseAddress, type AbciSocketServerOptions, type Logger } from "./server.js";
export { FrameDecoder, FrameError, encodeFrame, encodeUvarint, DEFAULT_MAX_FRAME_BYTES } from "./framing.js";
export { decodeRequest, type RequestKind } from "./requests.js";
