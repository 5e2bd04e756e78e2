module ics23-verifier

go 1.22

require github.com/cosmos/ics23/go v0.11.0

require (
	github.com/cosmos/gogoproto v1.7.0 // indirect
	github.com/google/go-cmp v0.6.0 // indirect
	golang.org/x/crypto v0.26.0 // indirect
	golang.org/x/sys v0.23.0 // indirect
	google.golang.org/protobuf v1.33.0 // indirect
)
