package scenarios

import (
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Every requirement ID is written out once in the catalog's files, where
// its text is: a grep for the ID lands on the line that starts its text,
// or on the composite literal's ID line, the text's start at most two lines
// below. No ID is built (fmt.Sprintf, a prefix and a number) or passed
// apart from its text.
func TestRequirementIDsBesideTheirText(t *testing.T) {
	sources := catalogSources(t)
	var lines []string
	for _, f := range slices.Sorted(maps.Keys(sources)) {
		for i, l := range strings.Split(string(sources[f]), "\n") {
			lines = append(lines, f+":"+strconv.Itoa(i+1)+": "+l)
		}
	}
	texts := map[string]string{}
	for _, r := range Requirements() {
		texts[r.ID] = r.Text
	}
	for _, r := range GeneratedRequirements() {
		texts[r.ID] = r.What
	}
	for id, text := range texts {
		start := strconv.Quote(firstWords(text, 40))
		start = start[:len(start)-1] // the literal may go on
		found := 0
		for i, l := range lines {
			if !strings.Contains(l, strconv.Quote(id)) {
				continue
			}
			for _, near := range lines[i:min(i+3, len(lines))] {
				if strings.Contains(near, start) {
					found++
					break
				}
			}
		}
		if found != 1 {
			t.Errorf("%s is written beside its text %d times in the catalog's files, want once: %s…", id, found, start)
		}
	}
}

// firstWords is text cut after n bytes, at most, on a word boundary.
func firstWords(text string, n int) string {
	if len(text) <= n {
		return text
	}
	if i := strings.LastIndex(text[:n], " "); i > 0 {
		return text[:i]
	}
	return text[:n]
}
