// Command ics23-verifier checks chained ICS-23 proofs the way ibc-go's 07-tendermint client
// does (MerkleProof.VerifyMembership / VerifyNonMembership along the path [store name, key],
// one proof spec per level: IavlSpec, then TendermintSpec, as relayers set a client's
// proof_specs), with the ics23 module ibc-go v10.7.0 builds with.
//
// stdin: a JSON array of cases {"name", "root", "store", "key", "value" (absent or null for a
// non-membership check), "proofs": [store-level, commit-info-level]}, bytes as hex. stdout:
// one JSON line per case, {"name", "ok", "error"}.
package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"

	ics23 "github.com/cosmos/ics23/go"
)

type check struct {
	Name   string   `json:"name"`
	Root   string   `json:"root"`
	Store  string   `json:"store"`
	Key    string   `json:"key"`
	Value  *string  `json:"value"`
	Proofs []string `json:"proofs"`
}

type result struct {
	Name  string `json:"name"`
	OK    bool   `json:"ok"`
	Error string `json:"error,omitempty"`
}

var specs = []*ics23.ProofSpec{ics23.IavlSpec, ics23.TendermintSpec}

func main() {
	var checks []check
	if err := json.NewDecoder(os.Stdin).Decode(&checks); err != nil {
		fmt.Fprintln(os.Stderr, "ics23-verifier: bad input:", err)
		os.Exit(2)
	}
	out := json.NewEncoder(os.Stdout)
	for _, c := range checks {
		err := run(c)
		r := result{Name: c.Name, OK: err == nil}
		if err != nil {
			r.Error = err.Error()
		}
		if err := out.Encode(r); err != nil {
			os.Exit(2)
		}
	}
}

// run decodes a case and verifies it; ics23 panics on some malformed neighbour paths, which
// ibc-go would also not accept, so a panic is a failed check.
func run(c check) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	root, err := hex.DecodeString(c.Root)
	if err != nil {
		return err
	}
	key, err := hex.DecodeString(c.Key)
	if err != nil {
		return err
	}
	proofs := make([]*ics23.CommitmentProof, len(c.Proofs))
	for i, p := range c.Proofs {
		bz, err := hex.DecodeString(p)
		if err != nil {
			return err
		}
		proofs[i] = &ics23.CommitmentProof{}
		if err := proofs[i].Unmarshal(bz); err != nil {
			return fmt.Errorf("proof %d: %w", i, err)
		}
	}
	if len(proofs) != len(specs) {
		return fmt.Errorf("%d proofs for %d specs", len(proofs), len(specs))
	}
	path := [][]byte{[]byte(c.Store), key}
	if c.Value == nil {
		return verifyNonMembership(root, proofs, path)
	}
	value, err := hex.DecodeString(*c.Value)
	if err != nil {
		return err
	}
	if len(value) == 0 {
		return errors.New("empty value in membership proof")
	}
	return verifyChained(root, proofs, path, value, 0)
}

// verifyNonMembership: the key's absence under the root the first proof computes, then that
// root's membership in the levels above.
func verifyNonMembership(root []byte, proofs []*ics23.CommitmentProof, path [][]byte) error {
	subroot, err := proofs[0].Calculate()
	if err != nil {
		return fmt.Errorf("proof 0: %w", err)
	}
	np := proofs[0].GetNonexist()
	if np == nil {
		return errors.New("proof 0 is not a non-existence proof")
	}
	if err := np.Verify(specs[0], subroot, path[len(path)-1]); err != nil {
		return fmt.Errorf("proof 0: %w", err)
	}
	return verifyChained(root, proofs, path, subroot, 1)
}

// verifyChained: from proof `index` up, each existence proof proves (its path key -> the value
// or the root below) under the root it computes; the last root must be `root`.
func verifyChained(root []byte, proofs []*ics23.CommitmentProof, path [][]byte, value []byte, index int) error {
	subroot := value
	for i := index; i < len(proofs); i++ {
		var err error
		subroot, err = proofs[i].Calculate()
		if err != nil {
			return fmt.Errorf("proof %d: %w", i, err)
		}
		ep := proofs[i].GetExist()
		if ep == nil {
			return fmt.Errorf("proof %d is not an existence proof", i)
		}
		if err := ep.Verify(specs[i], subroot, path[len(path)-1-i], value); err != nil {
			return fmt.Errorf("proof %d: %w", i, err)
		}
		value = subroot
	}
	if !bytes.Equal(root, subroot) {
		return fmt.Errorf("proofs commit to %X, not %X", subroot, root)
	}
	return nil
}
