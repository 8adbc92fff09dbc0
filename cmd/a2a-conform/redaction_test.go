package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// farmSecretShapes match a farm credential as it is (mockpeer's secrets:
// a prefix and 32 characters of base64url), and the spellings outcome-leak
// writes its bearer token in: base64 of "token bt-", percent-encoded and
// JSON-escaped "bt-", base64 of a gzip member.
var farmSecretShapes = regexp.MustCompile(`(?i)\b(bt|cs|ak|at|adm|ads)-[a-z0-9_-]{32}|dG9rZW4gYnQt|%62%74%2D|\\u0062\\u0074\\u002d|H4sIAAAA`)

// TestRunShowsNoCredential: a client that writes its token into every
// field of its outcomes, plain and encoded, gets a verdict, and neither
// the terminal nor any file the run writes shows the token in any of
// those spellings.
func TestRunShowsNoCredential(t *testing.T) {
	dir := t.TempDir()
	code, out := runBinary(t, "run", "-v", "--client", "builtin:outcome-leak", "--label-filter", "scenario:repointed-endpoint",
		"--report-dir", dir, "--acts-report", filepath.Join(dir, "acts"))
	if code != 1 {
		t.Errorf("exit code %d, want 1 (a MUST failed):\n%s", code, out)
	}
	if m := farmSecretShapes.FindString(out); m != "" {
		t.Errorf("the terminal shows %q:\n%s", m, out)
	}
	files := 0
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		files++
		b, err := os.ReadFile(path)
		if m := farmSecretShapes.Find(b); m != nil {
			t.Errorf("%s shows %q", path, m)
		}
		return err
	})
	if err != nil || files < 6 {
		t.Fatalf("%d files written (%v)", files, err)
	}
}
