package builtin

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestRegistry(t *testing.T) {
	names := Names()
	want := []string{Reference, TTLCache, RefetchEveryTransition, AbortOnAnyChange, FollowURL,
		TrustAnySignature, NoVersionHeader, IgnoreProtocolVersion, NoFrozenContract}
	if !slices.Equal(names, want) {
		t.Fatalf("Names() = %v, want %v", names, want)
	}
	for _, name := range names {
		c, err := Lookup(name)
		if err != nil {
			t.Fatalf("Lookup(%q): %v", name, err)
		}
		if got := c.Describe(); got != Prefix+name {
			t.Errorf("Lookup(%q).Describe() = %q, want %q", name, got, Prefix+name)
		}
	}
	for _, name := range []string{"yolo", "", Prefix + Reference, "Reference"} {
		_, err := Lookup(name)
		if !errors.Is(err, ErrUnknown) {
			t.Fatalf("Lookup(%q) error %v, want ErrUnknown", name, err)
		}
		for _, n := range names {
			if !strings.Contains(err.Error(), n) {
				t.Errorf("Lookup(%q) error %q does not list %s", name, err, n)
			}
		}
	}
}
