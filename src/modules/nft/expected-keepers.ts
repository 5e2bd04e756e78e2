// x/nft needs nothing from other modules: owners are plain bech32 account addresses,
// checked with src/types/address. The file stays for the convention's shape.
export {};
