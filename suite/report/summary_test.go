package report_test

import (
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

func req(id string, level verdict.Level, v verdict.Verdict) *report.Requirement {
	return &report.Requirement{ID: id, Level: level, Verdict: v}
}

func known(r *report.Requirement, key string) *report.Requirement {
	r.KnownFailure, r.KnownKey, r.KnownReason = true, key, "reviewed"
	return r
}
