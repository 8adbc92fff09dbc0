package report

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// statuses is " → 200" or " → 200/429" for a collapsed run.
func statuses(ls []journal.Exchange) string {
	seen := map[int]bool{}
	var out []string
	for _, l := range ls {
		if !seen[l.Status] {
			seen[l.Status] = true
			out = append(out, fmt.Sprint(l.Status))
		}
	}
	sort.Strings(out)
	return " → " + strings.Join(out, "/")
}

// wrapText breaks s into lines of at most width runes, at spaces where it
// can; a word longer than a line is broken inside. Nothing is dropped.
func wrapText(s string, width int) []string {
	width = max(width, 16)
	var out []string
	line := ""
	for _, word := range strings.Split(s, " ") {
		for utf8.RuneCountInString(word) > width {
			if line != "" {
				out, line = append(out, line), ""
			}
			r := []rune(word)
			out, word = append(out, string(r[:width])), string(r[width:])
		}
		switch {
		case line == "":
			line = word
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) <= width:
			line += " " + word
		default:
			out, line = append(out, line), word
		}
	}
	return append(out, line)
}

// textWidth is the width of s in the diagram's 12 px monospace font, whose
// characters are 0.6 em wide: the page is self-contained, so the layout
// cannot ask a browser to measure. The browser checks measure what it drew.
func textWidth(s string) int { return (utf8.RuneCountInString(s)*72 + 9) / 10 }
