package scenarios

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// cardLabel is a card-version label, "v0", "v1": not a version such as
// "v1.0" or "v2.3.1", nor a path's "/v1", nor a tag's "@v0.3.0".
var cardLabel = regexp.MustCompile(`(^|[^/@\w.-])v(\d+)\b`)

// cardLabels are the card-version labels of s, in order.
func cardLabels(s string) []int {
	var out []int
	for _, m := range cardLabel.FindAllStringSubmatchIndex(s, -1) {
		end := m[1]
		if end < len(s) && s[end] == '.' && end+1 < len(s) && s[end+1] >= '0' && s[end+1] <= '9' {
			continue // a version number
		}
		n, _ := strconv.Atoi(s[m[4]:m[5]])
		out = append(out, n)
	}
	return out
}

func TestCardLabels(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want string
	}{
		{"Card v0 requires oauth2; the rotation to v1", "0 1"},
		{"A2A v1.0 spec, a2a-go/v2 v2.3.1, ext/frozen-contract/v1, @v0.3.0, report/v2", ""},
		{"(card v1, credentials x) serves v2.", "1 2"},
	} {
		var got []string
		for _, n := range cardLabels(tc.s) {
			got = append(got, strconv.Itoa(n))
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("cardLabels(%q) = %v, want %s", tc.s, got, tc.want)
		}
	}
}

// One card-version numbering in every output: a peer's first card is v0,
// as the journals (cardVersion), the admin API (?to=N), the live view's
// buttons and the reports number it. So every label a scenario's prose
// gives names a card version its peers have, and every doc that labels
// card versions begins at v0.
func TestCardVersionsNumberedFromZero(t *testing.T) {
	for _, sc := range Catalog() {
		most := 0
		for _, p := range sc.Peers {
			most = max(most, len(p.Cards))
		}
		texts := []string{sc.Description}
		for _, r := range sc.Requirements {
			texts = append(texts, r.Text)
		}
		for _, text := range texts {
			for _, n := range cardLabels(text) {
				if n >= most {
					t.Errorf("%s says v%d, but its peers have card versions v0 to v%d: %q", sc.ID, n, most-1, text)
				}
			}
		}
	}
	docs, err := filepath.Glob("../docs/*.md")
	if err != nil || len(docs) == 0 {
		t.Fatalf("no docs: %v", err)
	}
	for _, doc := range append(docs, "../README.md") {
		raw, err := os.ReadFile(doc)
		if err != nil {
			t.Fatal(err)
		}
		if labels := cardLabels(string(raw)); len(labels) > 0 && !containsInt(labels, 0) {
			t.Errorf("%s labels card versions %v but never v0, the first card", doc, labels)
		}
	}
}

func containsInt(s []int, n int) bool {
	for _, v := range s {
		if v == n {
			return true
		}
	}
	return false
}
