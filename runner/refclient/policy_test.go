package refclient

import "testing"

func TestPolicies(t *testing.T) {
	ps := Policies()
	if len(ps) != 6 || ps[0] != Reference {
		t.Fatalf("Policies() = %v, want six with the reference first", ps)
	}
	for _, p := range ps {
		got, err := ParsePolicy(string(p))
		if err != nil || got != p {
			t.Errorf("ParsePolicy(%q) = %q, %v", p, got, err)
		}
	}
	if _, err := ParsePolicy("yolo"); err == nil {
		t.Errorf("ParsePolicy(yolo) succeeded, want an error")
	}
	for _, p := range ps[1:] {
		if p.behaviour() == (behaviour{}) {
			t.Errorf("mutant %s behaves like the reference", p)
		}
	}
}
