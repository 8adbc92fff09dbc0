package examples

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/peertest"
	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/adapters/adaptertest"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// The complete adapter of docs/sdk-integration.md, extracted from the page
// as a reader copies it, drives @a2a-js/sdk through a session of two
// plain tasks: both complete, the bearer token on every A2A request. The
// guide's code cannot rot unseen.
func TestSDKGuideAdapter(t *testing.T) {
	js, err := peertest.FindJSSDK(peertest.JSSDKDir(filepath.Join("..", "..", "..")))
	if errors.Is(err, peertest.ErrSkip) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	page, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "sdk-integration.md"))
	if err != nil {
		t.Fatal(err)
	}
	code, ok := fencedBlock(string(page), "js")
	if !ok {
		t.Fatal("docs/sdk-integration.md has no ```js block")
	}
	// Beside a node_modules holding the SDK, as in an SDK's own repository.
	dir := t.TempDir()
	if err := os.Symlink(filepath.Join(js.Dir, "node_modules"), filepath.Join(dir, "node_modules")); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "adapter.mjs")
	if err := os.WriteFile(script, []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &runner.Command{Line: js.Node + " " + script, Mode: driver.ModeSession}
	run, err := adaptertest.PlayBearer(t.Context(), c, false, "first task", "second task")
	if err != nil {
		t.Fatal(err)
	}
	// One SDK client for the session: the card is fetched once.
	if err := run.Check(driver.ModeSession, 1); err != nil {
		t.Error(err)
	}
}

// fencedBlock is the first ```lang block of a Markdown page.
func fencedBlock(page, lang string) (string, bool) {
	_, rest, ok := strings.Cut(page, "\n```"+lang+"\n")
	if !ok {
		return "", false
	}
	code, _, ok := strings.Cut(rest, "\n```\n")
	return code + "\n", ok
}
