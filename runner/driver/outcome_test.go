package driver

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestReadOutcome(t *testing.T) {
	big := `{"outcome":"completed","detail":"` + strings.Repeat("a", MaxOutcomeSize) + `"}`
	tests := []struct {
		name        string
		content     *string // nil: no file
		want        *Outcome
		wantProblem string // prefix
	}{
		{"missing", nil, nil, ProblemMissing},
		{"empty", ptr(""), nil, ProblemEmpty},
		{"whitespace only", ptr(" \n\t"), nil, ProblemEmpty},
		{"larger than 64 KiB", ptr(big), nil, ProblemTooLarge},
		{"not JSON", ptr("done!"), nil, "not a JSON object: "},
		{"truncated JSON", ptr(`{"outcome":"comp`), nil, "not a JSON object: "},
		{"array", ptr(`[{"outcome":"completed"}]`), nil, `not a JSON object: starts with '['`},
		{"string", ptr(`"completed"`), nil, "not a JSON object: "},
		{"wrong field type", ptr(`{"outcome":5}`), nil, "invalid field: "},
		{"two objects", ptr(`{"outcome":"completed"}{"outcome":"failed"}`), nil, ProblemTrailing},
		{"garbage after object", ptr(`{"outcome":"completed"} x`), nil, ProblemTrailing},
		{"unknown outcome", ptr(`{"outcome":"succeeded"}`), &Outcome{Outcome: "succeeded"}, `unknown outcome "succeeded"`},
		{"no outcome member", ptr(`{"reason":"deadline"}`), &Outcome{Reason: "deadline"}, `unknown outcome ""`},
		{"well-formed", ptr(` {"outcome":"aborted","reason":"contract-changed","taskId":"t-1","detail":"skill gone","extra":1}` + "\n"),
			&Outcome{Outcome: OutcomeAborted, Reason: ReasonContractChanged, TaskID: "t-1", Detail: "skill gone"}, ""},
		{"exactly 64 KiB", ptr(padTo(`{"outcome":"failed"}`, MaxOutcomeSize)), &Outcome{Outcome: OutcomeFailed}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "outcome.json")
			if tt.content != nil {
				if err := os.WriteFile(path, []byte(*tt.content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			got, problem := ReadOutcome(path)
			if tt.wantProblem == "" && problem != "" || !strings.HasPrefix(problem, tt.wantProblem) {
				t.Errorf("problem = %q, want prefix %q", problem, tt.wantProblem)
			}
			switch {
			case got == nil && tt.want != nil:
				t.Errorf("outcome = nil, want %+v", *tt.want)
			case got != nil && tt.want == nil:
				t.Errorf("outcome = %+v, want nil", *got)
			case got != nil && *got != *tt.want:
				t.Errorf("outcome = %+v, want %+v", *got, *tt.want)
			}
		})
	}
}

func TestWriteOutcomeRoundTrip(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "outcome.json")
	if err := os.WriteFile(path, []byte("stale"), 0o600); err != nil {
		t.Fatal(err)
	}
	want := Outcome{Outcome: OutcomeRejected, Reason: ReasonUntrustedEndpoint, TaskID: "t-9", Detail: "origin \"https://x\" ≠ card"}
	if err := WriteOutcome(path, want); err != nil {
		t.Fatal(err)
	}
	got, problem := ReadOutcome(path)
	if problem != "" || got == nil || *got != want {
		t.Fatalf("ReadOutcome = %+v, %q; want %+v", got, problem, want)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("directory holds %d files, want only the outcome (no temporary left)", len(entries))
	}
}

func TestWriteOutcomeNoDirectory(t *testing.T) {
	err := WriteOutcome(filepath.Join(t.TempDir(), "absent", "outcome.json"), Outcome{Outcome: OutcomeCompleted})
	if err == nil || !strings.HasPrefix(err.Error(), "driver: ") {
		t.Fatalf("err = %v, want a driver error", err)
	}
}

func ptr(s string) *string { return &s }

// padTo pads a JSON text with trailing spaces to n bytes.
func padTo(s string, n int) string { return s + strings.Repeat(" ", n-len(s)) }

// A client that leaves something other than a file at the outcome path gets
// a problem at once: a FIFO nobody writes to must not block the runner.
func TestReadOutcomeNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	target := filepath.Join(dir, "real.json")
	if err := os.WriteFile(target, []byte(`{"outcome":"completed"}`), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{fifo, dir, link, "/dev/zero"} {
		got, problem := ReadOutcome(path)
		if got != nil || !strings.HasPrefix(problem, ProblemNotRegular) {
			t.Errorf("ReadOutcome(%s) = %+v, %q; want nil, %q", path, got, problem, ProblemNotRegular)
		}
	}
}

func TestCheckRejectsReasonsOutsideTheVocabulary(t *testing.T) {
	if p := Check(Outcome{Outcome: OutcomeAborted, Reason: "because"}); p == "" {
		t.Error("Check accepted reason \"because\"")
	}
	for _, r := range Reasons() {
		if p := Check(Outcome{Outcome: OutcomeAborted, Reason: r}); p != "" {
			t.Errorf("Check rejected %q: %s", r, p)
		}
	}
}
