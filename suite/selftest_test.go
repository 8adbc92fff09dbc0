package suite_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/runner/builtin"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite"
)

// Ginkgo allows one RunSpecs per process, so each client is played in a
// child process: this test binary, re-executed with selfTestClientEnv set.
const (
	selfTestClientEnv = "A2A_CONFORM_SELFTEST_CLIENT"
	selfTestDirEnv    = "A2A_CONFORM_SELFTEST_DIR"
)

func TestMain(m *testing.M) {
	if spec := os.Getenv(selfTestClientEnv); spec != "" {
		os.Exit(playChild(spec, os.Getenv(selfTestDirEnv)))
	}
	os.Exit(m.Run())
}

func playChild(spec, dir string) int {
	client, err := suite.ResolveClient(spec)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	rep, err := suite.Run(suite.Options{Client: client, ReportDir: dir, NoColor: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	return rep.ExitCode
}

// play runs the whole catalog against a client in a child process and
// returns its report and exit code.
func play(t *testing.T, client string) (*suite.Report, int) {
	t.Helper()
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), selfTestClientEnv+"="+client, selfTestDirEnv+"="+dir)
	out, err := cmd.CombinedOutput()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("self-test child for %s: %v\n%s", client, err, out)
	}
	raw, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatalf("self-test child for %s wrote no report (exit %d): %v\n%s", client, code, err, out)
	}
	var rep suite.Report
	if err := json.Unmarshal(raw, &rep); err != nil {
		t.Fatalf("report of %s: %v", client, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "junit.xml")); err != nil {
		t.Errorf("%s: no junit.xml: %v", client, err)
	}
	if t.Failed() || testing.Verbose() {
		t.Logf("output of %s:\n%s", client, out)
	}
	return &rep, code
}

// expectedFailures is the suite's own test: each built-in client but the
// reference is a plausible client that must fail exactly the requirements
// it violates, and the reference client must fail none. Keys are
// "scenario/requirement".
var expectedFailures = map[string][]string{
	builtin.Reference: nil,
	builtin.TTLCache: {
		"rotation-during-send/ROT-001", "rotation-during-send/ROT-003", "rotation-during-send/ROT-004",
		"mirrored-stale-cache/STALE-001", "mirrored-stale-cache/STALE-002",
	},
	builtin.RefetchEveryTransition: {
		"skill-reorganization/REORG-001", "skill-reorganization/REORG-002",
		"contract-frozen-after-send/FROZEN-002", "contract-frozen-after-send/FROZEN-003",
		"no-validator/NOVAL-003",
	},
	builtin.AbortOnAnyChange: {
		"capability-drift-before-send/DRIFT-001", "capability-drift-before-send/DRIFT-003",
	},
	builtin.FollowURL: {
		"repointed-endpoint/REPOINT-001", "repointed-endpoint/REPOINT-002", "repointed-endpoint/REPOINT-003",
		"repointed-endpoint-bad-signature/SIG-002", "repointed-endpoint-bad-signature/SIG-003",
		"repointed-endpoint-bad-signature/SIG-004",
		"repointed-endpoint-foreign-key/SIG-005", "repointed-endpoint-foreign-key/SIG-006",
		"repointed-endpoint-foreign-key/SIG-007",
		"repointed-endpoint-principal-mismatch/SIG-008", "repointed-endpoint-principal-mismatch/SIG-009",
		"repointed-endpoint-principal-mismatch/SIG-010",
		"card-redirect-cross-origin/REDIR-001", "card-redirect-cross-origin/REDIR-002",
	},
	builtin.TrustAnySignature: {
		"repointed-endpoint-foreign-key/SIG-005", "repointed-endpoint-foreign-key/SIG-006",
		"repointed-endpoint-foreign-key/SIG-007",
	},
	// GEN-001 in every scenario where the reference sends A2A requests.
	builtin.NoVersionHeader: {
		"capability-drift-before-send/GEN-001", "contract-frozen-after-send/GEN-001",
		"frozen-contract-extension/GEN-001", "no-validator/GEN-001",
		"repointed-endpoint-signed/GEN-001", "skill-reorganization/GEN-001",
	},
	builtin.IgnoreProtocolVersion: {"version-skew/SKEW-001", "version-skew/SKEW-002"},
	builtin.NoFrozenContract: {
		"frozen-contract-extension/EXT-001", "frozen-contract-extension/EXT-002",
	},
}

// expectedExit: 1 when a MUST fails, else 0.
func expectedExit(fails []string) int {
	must := map[string]bool{}
	for _, sc := range scenarios.Catalog() {
		for _, r := range sc.AllRequirements() {
			must[sc.ID+"/"+r.ID] = r.Level == scenarios.Must
		}
	}
	for _, f := range fails {
		if must[f] {
			return 1
		}
	}
	return 0
}

func TestVerdictTable(t *testing.T) {
	if testing.Short() {
		t.Skip("plays the whole catalog once per built-in client")
	}
	for _, p := range builtin.Names() {
		t.Run(p, func(t *testing.T) {
			t.Parallel()
			rep, code := play(t, suite.BuiltinPrefix+p)
			want := expectedFailures[p]
			var gotFails []string
			for key, v := range rep.Verdicts() {
				switch v {
				case scenarios.Fail:
					gotFails = append(gotFails, key)
				case scenarios.Error, scenarios.Skipped:
					t.Errorf("%s: %s is %s", p, key, v)
				}
			}
			slices.Sort(gotFails)
			wantSorted := slices.Sorted(slices.Values(want))
			if !slices.Equal(gotFails, wantSorted) {
				t.Errorf("%s fails\n  %s\nwant exactly\n  %s", p, strings.Join(gotFails, "\n  "), strings.Join(wantSorted, "\n  "))
			}
			if w := expectedExit(want); code != w {
				t.Errorf("%s: exit code %d, want %d", p, code, w)
			}
		})
	}
}
