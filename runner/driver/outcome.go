package driver

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
	// ProblemNotRegular: the outcome path is a FIFO, device, directory or
	// symbolic link; the contract asks for a file.
	ProblemNotRegular = "not a regular file"
)

// ReadOutcome reads and checks the outcome file a client wrote. It returns
// the outcome and a problem text, "" when the outcome is well-formed. The
// outcome is nil when none could be read, and also when the object is
// followed by more data (the contract asks for exactly one object; the
// runner does not guess which one is meant). An unknown outcome value is
// returned together with its problem.
//
// Only a regular file is read, opened without blocking and read at most
// MaxOutcomeSize+1 bytes: a client that leaves a FIFO, a device or a link
// there gets a problem at once, never a harness that hangs.
func ReadOutcome(path string) (*Outcome, string) {
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ProblemMissing
	}
	if err != nil {
		return nil, "unreadable: " + err.Error()
	}
	if !info.Mode().IsRegular() {
		return nil, ProblemNotRegular + " (" + info.Mode().Type().String() + ")"
	}
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, "unreadable: " + err.Error()
	}
	defer f.Close()
	// The path may have been swapped between Lstat and open.
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil, ProblemNotRegular
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxOutcomeSize+1))
	if err != nil {
		return nil, "unreadable: " + err.Error()
	}
	return ParseOutcome(data)
}

// ParseOutcome checks one outcome object (a file's content or a line).
func ParseOutcome(data []byte) (*Outcome, string) {
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
	return &o, Check(o)
}

// Check is the validation shared by file and in-process outcomes: "" when
// o is well-formed, else the problem. An unknown reason is a problem too:
// the vocabulary is fixed so that verdicts can rely on it.
func Check(o Outcome) string {
	if !o.Outcome.Known() {
		return fmt.Sprintf("unknown outcome %q", o.Outcome)
	}
	if o.Reason != "" && !o.Reason.Known() {
		return fmt.Sprintf("reason %q is not in the vocabulary of docs/driver-contract.md", o.Reason)
	}
	return ""
}

// WriteOutcome writes o to path atomically (a temporary file in the same
// directory, then a rename), so the runner never reads half an outcome.
func WriteOutcome(path string, o Outcome) error {
	data, err := json.Marshal(o)
	if err != nil {
		return fmt.Errorf("driver: encode outcome: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".outcome-*")
	if err != nil {
		return fmt.Errorf("driver: write outcome: %w", err)
	}
	_, werr := tmp.Write(append(data, '\n'))
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("driver: write outcome: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("driver: write outcome: %w", err)
	}
	return nil
}
