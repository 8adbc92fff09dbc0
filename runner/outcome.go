package runner

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// MaxOutcomeSize is the largest outcome file the runner reads.
const MaxOutcomeSize = 64 << 10

// Outcome problems with a fixed text. Others are "not a JSON object: ...",
// "invalid field: ..." and "unknown outcome \"x\"".
const (
	ProblemMissing  = "missing"
	ProblemEmpty    = "empty"
	ProblemTooLarge = "larger than 64 KiB"
	ProblemTrailing = "trailing data after the object"
)

// ReadOutcome reads and checks the outcome file a client wrote. It returns
// the outcome and a problem text, "" when the outcome is well-formed. The
// outcome is nil when none could be read, and also when the object is
// followed by more data (the contract asks for exactly one object; the
// runner does not guess which one is meant). An unknown outcome value is
// returned together with its problem.
func ReadOutcome(path string) (*Outcome, string) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ProblemMissing
	}
	if err != nil {
		return nil, "unreadable: " + err.Error()
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxOutcomeSize+1))
	if err != nil {
		return nil, "unreadable: " + err.Error()
	}
	return parseOutcome(data)
}

func parseOutcome(data []byte) (*Outcome, string) {
	if len(data) > MaxOutcomeSize {
		return nil, ProblemTooLarge
	}
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return nil, ProblemEmpty
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var raw json.RawMessage
	if err := dec.Decode(&raw); err != nil {
		return nil, "not a JSON object: " + err.Error()
	}
	if raw[0] != '{' {
		return nil, fmt.Sprintf("not a JSON object: starts with %q", raw[0])
	}
	if dec.InputOffset() != int64(len(data)) {
		return nil, ProblemTrailing
	}
	var o Outcome
	if err := json.Unmarshal(raw, &o); err != nil {
		return nil, "invalid field: " + err.Error()
	}
	return &o, checkOutcome(o)
}

// checkOutcome is the validation shared by file and in-process outcomes.
func checkOutcome(o Outcome) string {
	switch o.Outcome {
	case OutcomeCompleted, OutcomeAborted, OutcomeFailed, OutcomeCanceled, OutcomeRejected:
		return ""
	}
	return fmt.Sprintf("unknown outcome %q", o.Outcome)
}

// WriteOutcome writes o to path atomically (a temporary file in the same
// directory, then a rename), so the runner never reads half an outcome.
func WriteOutcome(path string, o Outcome) error {
	data, err := json.Marshal(o)
	if err != nil {
		return fmt.Errorf("runner: encode outcome: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".outcome-*")
	if err != nil {
		return fmt.Errorf("runner: write outcome: %w", err)
	}
	_, werr := tmp.Write(append(data, '\n'))
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("runner: write outcome: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("runner: write outcome: %w", err)
	}
	return nil
}
