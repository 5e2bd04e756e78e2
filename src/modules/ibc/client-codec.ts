/**
 * The Any-wrapped light-client types. ibc-go stores a client state and a consensus state with
 * MarshalInterface, i.e. as google.protobuf.Any with the concrete type URL, and receives
 * headers and misbehaviour the same way; only 07-tendermint is known here.
 */
import type { Any } from "../../gen/google/protobuf/any";
import { ClientState, ConsensusState, Header, Misbehaviour } from "../../gen/ibc/lightclients/tendermint/v1/tendermint";
import { Any as AnyCodec } from "../../gen/google/protobuf/any";
import { typeUrlOf } from "../../types/descriptors";
import { clientErrors, ibcErrors } from "./errors";
import type { ClientMessage } from "./light-clients/tendermint";

export const TENDERMINT_CLIENT_TYPE = "07-tendermint";

export const TM_URLS = {
  clientState: typeUrlOf(ClientState),
  consensusState: typeUrlOf(ConsensusState),
  header: typeUrlOf(Header),
  misbehaviour: typeUrlOf(Misbehaviour),
} as const;

function unpack<T>(any: Any | undefined, url: string, codec: { decode(b: Uint8Array): T }, what: string): T {
  if (!any) throw ibcErrors.ErrUnpackAny.wrap(`protobuf Any message cannot be nil`);
  if (any.typeUrl !== url) throw ibcErrors.ErrUnpackAny.wrap(`cannot unpack Any into ${what}: type ${any.typeUrl}`);
  try {
    return codec.decode(any.value);
  } catch (e) {
    throw ibcErrors.ErrUnpackAny.wrap(`${what}: ${(e as Error).message}`);
  }
}

/** The client type an Any client state belongs to; refused when it is no light client we know. */
export function clientTypeOf(any: Any | undefined): string {
  if (any?.typeUrl === TM_URLS.clientState) return TENDERMINT_CLIENT_TYPE;
  throw ibcErrors.ErrUnpackAny.wrap(`cannot unpack Any into ClientState ${any?.typeUrl ?? "nil"}`);
}

export const unpackClientState = (any: Any | undefined): ClientState => unpack(any, TM_URLS.clientState, ClientState, "ClientState");
export const unpackConsensusState = (any: Any | undefined): ConsensusState =>
  unpack(any, TM_URLS.consensusState, ConsensusState, "ConsensusState");

/** An Any header or misbehaviour as the light client's message. */
export function unpackClientMessage(any: Any | undefined): ClientMessage {
  if (any?.typeUrl === TM_URLS.header) return { header: unpack(any, TM_URLS.header, Header, "Header") };
  if (any?.typeUrl === TM_URLS.misbehaviour) return { misbehaviour: unpack(any, TM_URLS.misbehaviour, Misbehaviour, "Misbehaviour") };
  if (!any) throw ibcErrors.ErrUnpackAny.wrap("protobuf Any message cannot be nil");
  throw clientErrors.ErrInvalidClientType.wrap(`cannot unpack Any into ClientMessage ${any.typeUrl}`);
}

export const packClientState = (cs: ClientState): Any => ({ typeUrl: TM_URLS.clientState, value: ClientState.encode(cs).finish() });
export const packConsensusState = (c: ConsensusState): Any => ({
  typeUrl: TM_URLS.consensusState,
  value: ConsensusState.encode(c).finish(),
});

/** The bytes ibc-go keeps at a clientState / consensusStates path: the Any, marshalled. */
export const anyBytes = (any: Any): Uint8Array => AnyCodec.encode(any).finish();
export const decodeAny = (bytes: Uint8Array): Any => AnyCodec.decode(bytes);
