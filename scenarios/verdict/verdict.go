// Package verdict is the vocabulary of judging, shared by the catalog that
// judges (scenarios), the engine that plays it (suite/engine) and the
// report that renders it (suite/report): the strength of a requirement
// (Level), the group it is selected by (Profile), the outcome of judging
// it (Verdict, Judgement) and the sources it enforces (SpecRef). It
// imports nothing of the module, so a renderer can depend on it without
// linking the farm or the catalog.
package verdict

import (
	"fmt"
	"strings"
)

// Level is an RFC 2119 keyword.
type Level string

// Levels, strongest first.
const (
	Must   Level = "MUST"
	Should Level = "SHOULD"
	May    Level = "MAY"
)

// ParseLevel accepts must/should/may in any case.
func ParseLevel(s string) (Level, error) {
	for _, l := range []Level{Must, Should, May} {
		if strings.EqualFold(string(l), s) {
			return l, nil
		}
	}
	return "", fmt.Errorf("scenarios: unknown level %q (want must, should or may)", s)
}

// AtLeast reports whether l is at least as strong as min.
func (l Level) AtLeast(min Level) bool { return l.rank() <= min.rank() }

func (l Level) rank() int {
	switch l {
	case Must:
		return 0
	case Should:
		return 1
	}
	return 2
}

// Profile groups requirements for selection.
type Profile string

// Profiles of the catalog.
const (
	ProfileCore       Profile = "core"
	ProfileSignatures Profile = "signatures"
	ProfileExtension  Profile = "extension"
	ProfileGeneral    Profile = "general"
)

// Profiles lists every profile.
func Profiles() []Profile {
	return []Profile{ProfileCore, ProfileSignatures, ProfileExtension, ProfileGeneral}
}

// Verdict is the result of judging one requirement.
type Verdict string

// Verdicts (SPEC §4). Fail is the client's fault, Error the harness's.
const (
	Pass          Verdict = "pass"
	Fail          Verdict = "fail"
	NotApplicable Verdict = "not-applicable"
	Skipped       Verdict = "skipped"
	Error         Verdict = "error"
)

// Judgement is a verdict with the evidence that supports it.
type Judgement struct {
	Verdict Verdict
	Want    string
	Got     string
	// Reason explains not-applicable verdicts and passes worth a note.
	Reason string
	// Exchanges are the journal sequence numbers that matter.
	Exchanges []int64
}

// SpecRef is one source a requirement enforces: a section of the A2A spec
// at the catalog's pinned revision, an RFC section, a rule of the suite's
// contract model, or a public thread that motivated it. URL is absolute,
// except for the suite's own docs ("docs/contract-model.md#..."), which the
// report resolves against the docs of the suite version that wrote it.
type SpecRef struct {
	ID    string `json:"id"`
	Title string `json:"title,omitempty"`
	URL   string `json:"url"`
}
