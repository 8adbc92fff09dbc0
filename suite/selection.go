package suite

import (
	"fmt"
	"strings"

	"github.com/onsi/ginkgo/v2/types"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite/engine"
)

// ParseSelection builds the selection `run` and `list` share from their
// flags: comma-separated profiles, the weakest level, and a Ginkgo label
// filter over the labels of engine.Labels. Every problem is a usage error.
func ParseSelection(profiles, level, labelFilter string) (engine.Selection, error) {
	var s engine.Selection
	for _, p := range strings.Split(profiles, ",") {
		if p = strings.TrimSpace(p); p != "" {
			s.Profiles = append(s.Profiles, scenarios.Profile(p))
		}
	}
	if strings.TrimSpace(level) != "" {
		l, err := scenarios.ParseLevel(level)
		if err != nil {
			return engine.Selection{}, &engine.UsageError{Msg: err.Error()}
		}
		s.Level = l
	}
	if f := strings.TrimSpace(labelFilter); f != "" {
		match, err := types.ParseLabelFilter(f)
		if err != nil {
			return engine.Selection{}, &engine.UsageError{Msg: fmt.Sprintf("label filter %q: %v", f, err)}
		}
		s.LabelFilter, s.Match = f, match
	}
	return s, s.Validate()
}
