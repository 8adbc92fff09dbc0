package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Every binary make builds, the release's among them, is compiled with the
// release's flags (-trimpath, CGO_ENABLED=0), so that a fresh machine
// compiles the tree once for them and not once per spelling
// (docs/performance.md, "one compile per set of flags"). The flags are
// written where each build is; this holds the places to them: a build
// that drops one still works, and only a slower CI would show it.
func TestEveryBuildUsesTheReleaseFlags(t *testing.T) {
	root := filepath.Join("..", "..")
	read := func(name string) string {
		b, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	makefile := read("Makefile")
	for _, def := range []string{"BUILD_ENV   := CGO_ENABLED=0\n", "BUILD_FLAGS := -trimpath\n"} {
		if !strings.Contains(makefile, def) {
			t.Errorf("Makefile: no %q", strings.TrimSpace(def))
		}
	}
	builds := 0
	goBuild := regexp.MustCompile(`\$\(GO\) (build|run|install)\b`)
	for i, line := range strings.Split(makefile, "\n") {
		if !goBuild.MatchString(line) {
			continue
		}
		builds++
		if !strings.Contains(line, "$(BUILD_ENV) $(GO) ") || !strings.Contains(line, "$(BUILD_FLAGS)") {
			t.Errorf("Makefile:%d builds without $(BUILD_ENV) and $(BUILD_FLAGS): %s", i+1, strings.TrimSpace(line))
		}
	}
	shellBuild := regexp.MustCompile(`\bgo (build|run|install)\b`)
	for _, script := range []string{"tools/npm/check.sh", "tools/proto/generate.sh"} {
		for i, line := range strings.Split(read(script), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "#") || !shellBuild.MatchString(line) {
				continue
			}
			builds++
			if !strings.Contains(line, "CGO_ENABLED=0") || !strings.Contains(line, "-trimpath") {
				t.Errorf("%s:%d builds without CGO_ENABLED=0 and -trimpath: %s", script, i+1, strings.TrimSpace(line))
			}
		}
	}
	execBuild := regexp.MustCompile(`exec\.Command\("go", "build"`)
	for _, src := range []string{"tools/dist/main.go", "cmd/a2a-conform/main_test.go"} {
		text := read(src)
		for i, line := range strings.Split(text, "\n") {
			if !execBuild.MatchString(line) {
				continue
			}
			builds++
			if !strings.Contains(line, `"-trimpath"`) {
				t.Errorf("%s:%d builds without -trimpath: %s", src, i+1, strings.TrimSpace(line))
			}
		}
		if execBuild.MatchString(text) && !strings.Contains(text, `"CGO_ENABLED=0"`) {
			t.Errorf("%s builds without CGO_ENABLED=0 in its environment", src)
		}
	}
	if builds < 8 {
		t.Errorf("found %d builds, want the eight this test was written for: has one moved out of its sight?", builds)
	}
}
