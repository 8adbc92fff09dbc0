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

// leaves are the packages of shared vocabulary: each imports nothing of
// the module but other leaves, so that anything may depend on them.
var leaves = []string{"a2a/wire", "a2a/cardsig", "a2a/contract", "a2a/grpcpb", "a2a/grant",
	"runner/driver", "scenarios/verdict", "mockpeer/journal"}

// The layout is the architecture (README, "Layout"): leaf packages import
// nothing else of the module but leaves; the farm and the runner know
// nothing of the catalog, the suite or Ginkgo; only the Ginkgo front
// imports Ginkgo.
func TestLayout(t *testing.T) {
	pkgs := listModule(t)
	isLeaf := map[string]bool{}
	for _, leaf := range leaves {
		isLeaf[module+"/"+leaf] = true
	}
	for _, leaf := range leaves {
		info, ok := pkgs[module+"/"+leaf]
		if !ok {
			t.Fatalf("no package %s", leaf)
		}
		for _, dep := range info.deps {
			if strings.HasPrefix(dep, module+"/") && !isLeaf[dep] {
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

// What renders and reads verdicts and journals links neither the farm nor
// the catalog, nor what only they need (gRPC, the admin router, JOSE): a
// report is rendered, and a journal read, by the leaves alone.
func TestReadersLinkNoFarm(t *testing.T) {
	pkgs := listModule(t)
	banned := []string{module + "/mockpeer", module + "/scenarios",
		"google.golang.org/grpc", "github.com/gorilla/mux", "github.com/go-jose/go-jose/v4"}
	for _, reader := range []string{"suite/report", "mockpeer/journal", "scenarios/verdict", "runner/driver"} {
		info, ok := pkgs[module+"/"+reader]
		if !ok {
			t.Fatalf("no package %s", reader)
		}
		for _, dep := range info.deps {
			for _, b := range banned {
				// A root is banned, not its leaves (mockpeer/journal, scenarios/verdict).
				if dep == b || !strings.HasPrefix(b, module+"/") && strings.HasPrefix(dep, b+"/") {
					t.Errorf("%s depends on %s", reader, dep)
				}
			}
		}
	}
}
