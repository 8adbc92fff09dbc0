package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios"
)

// The index replaces the file it is written to, so it is written only to a
// regular file: through the user's link, never over a device or a FIFO
// (as root, `--index /dev/null` once replaced the device).
func TestFarmIndexWritesOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	idx := farmIndex{AdminURL: "http://127.0.0.1:1"}

	if err := os.WriteFile(at("target.json"), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(at("target.json"), at("link.json")); err != nil {
		t.Fatal(err)
	}
	if err := idx.write(at("link.json")); err != nil {
		t.Fatal(err)
	}
	var got farmIndex
	if raw, err := os.ReadFile(at("target.json")); err != nil || json.Unmarshal(raw, &got) != nil || got.AdminURL != idx.AdminURL {
		t.Errorf("the index behind the link: %+v, %v", got, err)
	}
	if fi, err := os.Lstat(at("link.json")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the user's link was replaced: %v", err)
	}

	if err := syscall.Mkfifo(at("fifo"), 0o600); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	err := idx.write(at("fifo"))
	if err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("an index written over a FIFO: %v, want refused", err)
	}
	if fi, err := os.Lstat(at("fifo")); err != nil || fi.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the FIFO did not survive: %v", err)
	}
}

// Copies deal the scenarios round-robin; the banner names only the
// scenarios some copy serves.
func TestFarmBannerNamesServedScenarios(t *testing.T) {
	all := scenarios.Catalog()
	_, copies := farmSpec(all, 3)
	got := describeCopies(all, copies, 9)
	if strings.Contains(got, all[3].ID) || !strings.Contains(got, all[2].ID) {
		t.Errorf("banner %q: want the first three scenarios only", got)
	}
}
