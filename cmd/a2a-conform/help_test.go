package main

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner/builtin"
)

// The flag package takes the first back-quoted word of a usage string as
// the flag's value placeholder, so a back-quoted command in a help text
// turns into "-shard a2a-conform merge". Every placeholder of every
// command's -h must be one word: a Go type name or an upper-case name.
var placeholder = regexp.MustCompile(`^(string|int|uint|float|duration|value|[A-Z][A-Z0-9/|.,:+_-]*)$`)

func TestHelpPlaceholders(t *testing.T) {
	for _, cmd := range []string{"run", "list", "peer", "farm", "client", "results", "report", "merge", "baseline", "summary", "version"} {
		var stdout, stderr bytes.Buffer
		if code := dispatch([]string{cmd, "-h"}, &stdout, &stderr); code != 0 {
			t.Fatalf("%s -h: exit %d\n%s", cmd, code, stderr.String())
		}
		help := stderr.String()
		if strings.Contains(help, "`") {
			t.Errorf("%s -h keeps a back-quote:\n%s", cmd, help)
		}
		for _, line := range strings.Split(help, "\n") {
			if !strings.HasPrefix(line, "  -") {
				continue
			}
			head, _, _ := strings.Cut(line, "\t") // "  -v\tusage" for a short bool flag
			fields := strings.Fields(head)
			if len(fields) > 2 || len(fields) == 2 && !placeholder.MatchString(fields[1]) {
				t.Errorf("%s -h: flag line %q: the placeholder should be one word, a type or an upper-case name", cmd, line)
			}
		}
	}
	var stdout, stderr bytes.Buffer
	dispatch([]string{"run", "-h"}, &stdout, &stderr)
	if !strings.Contains(stderr.String(), "\n  -shard K/N\n") {
		t.Errorf("run -h lacks -shard K/N:\n%s", stderr.String())
	}
	stderr.Reset()
	dispatch([]string{"client", "-h"}, &stdout, &stderr)
	if !strings.Contains(stderr.String(), "[--binding jsonrpc|http+json|grpc]") {
		t.Errorf("client -h: the synopsis should name every binding --binding takes:\n%s", stderr.String())
	}
	for _, name := range builtin.All() {
		if !regexp.MustCompile(`[ (]` + regexp.QuoteMeta(name) + `[,)]`).MatchString(stderr.String()) {
			t.Errorf("client -h: --policy does not list %s", name)
		}
	}
}
