/**
 * The common shape of protobuf message codecs: both cosmjs-types and our ts-proto output
 * satisfy it, so modules can mix base types from cosmjs-types with their own generated ones.
 */
export interface Codec<T> {
  encode(message: T): { finish(): Uint8Array };
  decode(input: Uint8Array): T;
  fromPartial(object: any): T;
}

/** google.protobuf.Any as both generators emit it. */
export interface AnyMsg {
  typeUrl: string;
  value: Uint8Array;
}

export interface Timestamp {
  seconds: bigint;
  nanos: number;
}
