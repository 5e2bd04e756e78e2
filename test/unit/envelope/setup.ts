export function flipByte(bytes: Uint8Array, index: number): Uint8Array {
  const copy = Uint8Array.from(bytes);
  copy[index] = copy[index]! ^ 0x01;
  return copy;
}
