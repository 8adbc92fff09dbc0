package main

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/a2a-conform/a2a-conform"

// pkgInfo is what `go list` says of one package (tests excluded: a test
// may import more).
type pkgInfo struct{ imports, deps []string }

func listModule(t *testing.T) map[string]pkgInfo {
	t.Helper()
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}|{{join .Imports \" \"}}|{{join .Deps \" \"}}", "../../...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	pkgs := map[string]pkgInfo{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Split(line, "|")
		pkgs[f[0]] = pkgInfo{imports: strings.Fields(f[1]), deps: strings.Fields(f[2])}
	}
	return pkgs
}

// The layout is the architecture (README, "Layout"): leaf packages import
// nothing else of the module; the farm and the runner know nothing of the
// catalog, the suite or Ginkgo; only the Ginkgo front imports Ginkgo.
func TestLayout(t *testing.T) {
	pkgs := listModule(t)
	for _, leaf := range []string{"a2a/wire", "a2a/cardsig", "a2a/contract", "a2a/grpcpb", "runner/driver"} {
		info, ok := pkgs[module+"/"+leaf]
		if !ok {
			t.Fatalf("no package %s", leaf)
		}
		for _, dep := range info.deps {
			if strings.HasPrefix(dep, module+"/") {
				t.Errorf("leaf package %s depends on %s", leaf, dep)
			}
		}
	}
	for pkg, info := range pkgs {
		if strings.HasPrefix(pkg, module+"/mockpeer") || strings.HasPrefix(pkg, module+"/runner") {
			for _, dep := range info.deps {
				for _, banned := range []string{module + "/scenarios", module + "/suite", "github.com/onsi/"} {
					if strings.HasPrefix(dep, banned) {
						t.Errorf("%s depends on %s", pkg, dep)
					}
				}
			}
		}
		for _, imp := range info.imports {
			if strings.HasPrefix(imp, "github.com/onsi/") && pkg != module+"/suite" {
				t.Errorf("%s imports %s: only the Ginkgo front (suite) may", pkg, imp)
			}
		}
	}
}
