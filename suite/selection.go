package suite

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/onsi/ginkgo/v2/types"

	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
	"github.com/a2a-conform/a2a-conform/suite/engine"
)

// ParseSelection builds the selection `run` and `list` share from their
// flags: comma-separated profiles, the weakest level, and a Ginkgo label
// filter over the labels of engine.Labels. Every problem is a usage error.
func ParseSelection(profiles, level, labelFilter string) (engine.Selection, error) {
	var s engine.Selection
	for _, p := range strings.Split(profiles, ",") {
		if p = strings.TrimSpace(p); p != "" {
			s.Profiles = append(s.Profiles, verdict.Profile(p))
		}
	}
	if strings.TrimSpace(level) != "" {
		l, err := verdict.ParseLevel(level)
		if err != nil {
			return engine.Selection{}, &engine.UsageError{Msg: err.Error()}
		}
		s.Level = l
	}
	if f := strings.TrimSpace(labelFilter); f != "" {
		match, err := types.ParseLabelFilter(f)
		if err != nil {
			// Ginkgo colours its errors whatever the terminal: the text alone.
			return engine.Selection{}, &engine.UsageError{Msg: fmt.Sprintf("label filter %q: %s", f, ansiCodes.ReplaceAllString(err.Error(), ""))}
		}
		s.LabelFilter, s.Match, s.ScenarioLabels = f, match, scenarioLabels(f)
	}
	return s, s.Validate()
}

// scenarioLabels are the IDs of the plain scenario:ID labels of a label
// filter, read as Ginkgo reads them: between the operators &&, ||, !, the
// comma and parentheses, outside /regular expressions/, and not a set
// operation ("scenario: consistsOf {…}").
func scenarioLabels(filter string) []string {
	const key = "scenario:"
	var ids []string
	for i, outside := range strings.Split(filter, "/") {
		if i%2 == 1 { // between slashes: a regular expression
			continue
		}
		for _, label := range strings.FieldsFunc(outside, func(r rune) bool { return strings.ContainsRune("&|!,()", r) }) {
			label = strings.TrimSpace(label)
			if len(label) > len(key) && strings.EqualFold(label[:len(key)], key) && label[len(key)] != ' ' {
				ids = append(ids, label[len(key):])
			}
		}
	}
	return ids
}

// ansiCodes are the terminal colour and style sequences Ginkgo's
// formatter writes.
var ansiCodes = regexp.MustCompile("\x1b\\[[0-9;]*m")
