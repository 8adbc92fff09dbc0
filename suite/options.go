// Package suite turns the scenario catalog into Ginkgo specs: one Ordered
// container per scenario plays it once, one It per requirement judges the
// evidence. It is the only package that imports Ginkgo outside tests.
package suite

import (
	"fmt"
	"io"
	"strings"

	"github.com/onsi/ginkgo/v2/types"

	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/scenarios"
)

// Version of the suite, written into every report.
const Version = "0.1.0"

// Options select what runs and where reports go.
type Options struct {
	// Client under test; required.
	Client runner.Client
	// ClientLabel names the client under test in the reports, e.g. the SDK
	// and its exact version; "" means the client's own description.
	ClientLabel string
	// Profiles to run; empty means all.
	Profiles []scenarios.Profile
	// Level is the weakest level to run; "" means MAY (everything).
	Level scenarios.Level
	// LabelFilter is a Ginkgo label filter ANDed with the above.
	LabelFilter string
	// KnownFailures maps a requirement ID ("ROT-004": expected to fail in
	// at least one scenario that judges it) or a "scenario/ID" key to the
	// reason it is expected to fail.
	KnownFailures map[string]string
	// Strict makes any failure not listed in KnownFailures fail the run,
	// whatever its level: for pinning a client's exact verdicts in CI.
	Strict bool
	// FlatSecurityScopes serves every card's security scopes as bare arrays
	// instead of the spec's {"list": [...]} (for clients that parse only
	// that shape, such as a2a-go v2.3.1).
	FlatSecurityScopes bool
	// ReportDir receives junit.xml, report.json and one journal per scenario.
	ReportDir string
	// JUnitFile and JSONFile override the report paths inside ReportDir.
	JUnitFile, JSONFile string
	// Progress receives one line per scenario as it is played; nil is silent.
	Progress io.Writer
	// Verbose makes Ginkgo print every spec.
	Verbose bool
	// NoColor turns off colour in Ginkgo's output.
	NoColor bool
}

// Shapes of the cards' security scopes, as the report records them.
const (
	ScopesSpec = "spec"
	ScopesFlat = "flat"
)

func (o Options) securityScopes() string {
	if o.FlatSecurityScopes {
		return ScopesFlat
	}
	return ScopesSpec
}

// labelFilter composes profile, level and the user's filter.
func (o Options) labelFilter() string {
	var parts []string
	if len(o.Profiles) > 0 {
		var ps []string
		for _, p := range o.Profiles {
			ps = append(ps, "profile:"+string(p))
		}
		parts = append(parts, "("+strings.Join(ps, " || ")+")")
	}
	if o.Level != "" && o.Level != scenarios.May {
		var ls []string
		for _, l := range []scenarios.Level{scenarios.Must, scenarios.Should, scenarios.May} {
			if l.AtLeast(o.Level) {
				ls = append(ls, "level:"+strings.ToLower(string(l)))
			}
		}
		parts = append(parts, "("+strings.Join(ls, " || ")+")")
	}
	if f := strings.TrimSpace(o.LabelFilter); f != "" {
		parts = append(parts, "("+f+")")
	}
	return strings.Join(parts, " && ")
}

// validate checks the options before anything starts: every problem here
// is a configuration error (exit code 2), never a client failure.
func (o Options) validate() (types.LabelFilter, error) {
	if o.Client == nil {
		return nil, fmt.Errorf("suite: no client under test")
	}
	for _, p := range o.Profiles {
		if !validProfile(p) {
			return nil, fmt.Errorf("suite: unknown profile %q (want one of %v)", p, scenarios.Profiles())
		}
	}
	known := map[string]bool{}
	for _, sc := range scenarios.Catalog() {
		for _, r := range sc.AllRequirements() {
			known[r.ID], known[sc.ID+"/"+r.ID] = true, true
		}
	}
	for id := range o.KnownFailures {
		if !known[id] {
			return nil, fmt.Errorf("suite: known-failures file names unknown requirement %q (write ID or scenario/ID)", id)
		}
	}
	filter, err := types.ParseLabelFilter(o.labelFilter())
	if err != nil {
		return nil, fmt.Errorf("suite: label filter: %w", err)
	}
	return filter, nil
}

func validProfile(p scenarios.Profile) bool {
	for _, q := range scenarios.Profiles() {
		if p == q {
			return true
		}
	}
	return false
}

// Labels returns the Ginkgo labels of a requirement in a scenario.
func Labels(sc *scenarios.Scenario, r scenarios.Requirement) []string {
	return []string{
		"level:" + strings.ToLower(string(r.Level)),
		"profile:" + string(r.Profile),
		"scenario:" + sc.ID,
		"req:" + r.ID,
	}
}

// knownFailure returns the reason a requirement is expected to fail in a
// scenario: a "scenario/ID" entry wins over a bare "ID" entry.
func (o Options) knownFailure(scenario, id string) (reason, key string, ok bool) {
	if reason, ok := o.KnownFailures[scenario+"/"+id]; ok {
		return reason, scenario + "/" + id, true
	}
	reason, ok = o.KnownFailures[id]
	return reason, id, ok
}
