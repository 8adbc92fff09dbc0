package builtin

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner/driver"
)

func TestRegistry(t *testing.T) {
	names := Names()
	want := []string{Reference, TTLCache, RefetchEveryTransition, AbortOnAnyChange, FollowURL,
		TrustAnySignature, NoVersionHeader, IgnoreProtocolVersion, NoFrozenContract, SameHostOrigin,
		BlindRevalidate, GuessNextModified, InsecureTLS}
	if !slices.Equal(names, want) {
		t.Fatalf("Names() = %v, want %v", names, want)
	}
	gallery := Gallery()
	if len(gallery) == 0 || slices.ContainsFunc(gallery, func(n string) bool { return slices.Contains(names, n) }) {
		t.Fatalf("Gallery() = %v: want the adversarial clients, none of Names()", gallery)
	}
	if all := All(); !slices.Equal(all, slices.Concat(names, gallery)) {
		t.Fatalf("All() = %v, want Names() then Gallery()", all)
	}
	for _, name := range All() {
		c, err := Lookup(name)
		if err != nil {
			t.Fatalf("Lookup(%q): %v", name, err)
		}
		if got := c.Describe(); got != Prefix+name {
			t.Errorf("Lookup(%q).Describe() = %q, want %q", name, got, Prefix+name)
		}
		for _, mode := range []driver.Mode{driver.ModeSession, driver.ModeOneShot} {
			if _, err := LookupMode(name, mode); err != nil {
				t.Errorf("LookupMode(%q, %s): %v", name, mode, err)
			}
		}
	}
	for _, name := range []string{"yolo", "", Prefix + Reference, "Reference"} {
		_, err := Lookup(name)
		if !errors.Is(err, ErrUnknown) {
			t.Fatalf("Lookup(%q) error %v, want ErrUnknown", name, err)
		}
		for _, n := range slices.Concat(names, gallery) {
			if !strings.Contains(err.Error(), n) {
				t.Errorf("Lookup(%q) error %q does not list %s", name, err, n)
			}
		}
	}
}
