package report

import (
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// Finish fails the binding claims other scenarios refute
// (refuteBindingClaims), counts the verdicts and decides the exit code: 2 when anything
// is an error (or the run was interrupted), 1 on a MUST failure not listed
// as known, on a stale known-failures entry, or in strict mode on any
// unlisted failure, else 0.
func (r *Report) Finish() {
	refuteBindingClaims(r)
	s := Summary{}
	for _, sc := range r.Scenarios {
		for _, req := range sc.Requirements {
			s.count(req)
		}
	}
	s.StaleKnownFailures = r.StaleKnownFailures()
	s.UnexpectedPasses = len(s.StaleKnownFailures)
	r.Summary = s
	switch {
	case s.Error > 0 || r.Interrupted || spokeNoOfferedBinding(r):
		r.ExitCode = ExitHarness
	case s.MustFailures > 0 || s.UnexpectedPasses > 0 || (r.Selection.Strict && s.UnlistedFailures > 0):
		r.ExitCode = ExitFail
	default:
		r.ExitCode = ExitPass
	}
}

// StaleKnownFailures are the known-failures entries whose requirement was
// judged and never failed: the file is stale, and the run fails for it.
func (r *Report) StaleKnownFailures() []string {
	judged, failedKeys := map[string]bool{}, map[string]bool{}
	for _, sc := range r.Scenarios {
		for _, req := range sc.Requirements {
			if req.KnownFailure && (req.Verdict == verdict.Pass || req.Verdict == verdict.Fail) {
				judged[req.KnownKey] = true
				failedKeys[req.KnownKey] = failedKeys[req.KnownKey] || req.Verdict == verdict.Fail
			}
		}
	}
	var stale []string
	for key := range judged {
		// A bare ID may fail in a scenario of another shard: only the
		// merged report can call it stale.
		if r.Shard != nil && !strings.Contains(key, "/") {
			continue
		}
		if !failedKeys[key] {
			stale = append(stale, key)
		}
	}
	slices.Sort(stale)
	return stale
}

// FailsRun reports whether a judged requirement fails the run (exit code
// 1): a failure the known-failures file does not list, at MUST level, or at
// any level under --strict. Count and the exit code agree with it.
func (sel Selection) FailsRun(req *Requirement) bool {
	return req.Verdict == verdict.Fail && !req.KnownFailure && (req.Level == verdict.Must || sel.Strict)
}

func (s *Summary) count(req *Requirement) {
	s.add(req.Verdict)
	if req.Verdict != verdict.Fail {
		return
	}
	switch {
	case req.KnownFailure:
		s.KnownFailures++
	case req.Level == verdict.Must:
		s.MustFailures++
		s.UnlistedFailures++
	default:
		s.UnlistedFailures++
	}
}

// spokeNoOfferedBinding: every played scenario found the client speaking
// none of the bindings offered. Nothing was judged; the run is a
// configuration mismatch (the wrong --bindings for this client), not a pass.
func spokeNoOfferedBinding(r *Report) bool {
	played := 0
	for _, sc := range r.Scenarios {
		if !sc.Played {
			continue
		}
		if !sc.NoOfferedBinding {
			return false
		}
		played++
	}
	return played > 0
}
