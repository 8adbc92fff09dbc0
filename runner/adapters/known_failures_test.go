package adapters_test

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// The official SDKs' known-failures files (make conformance-sdks): each
// line names a requirement of the catalog and gives, in prose, what the SDK
// did and why that fails it. docs/results.md shows the reason as the
// failure's evidence, so a reason that is only the report's raw evidence
// ("completed (detail: …)", "3 contact(s), …") explains nothing to a
// reviewer.
var sdkKnownFailures = []string{"a2a-go/known-failures-*.txt", "a2a-js/known-failures*.txt"}

// rawEvidence is how the report's evidence lines start; a reason may quote
// one after its prose, never open with it.
var rawEvidence = regexp.MustCompile(`^(completed( \(|,|$)|failed/|aborted/|canceled|rejected|no outcome|outcome |got |[0-9#]|task [0-9]+:|` +
	`(SendMessage|GetTask|CancelTask) at|[a-z-]+(, [a-z-]+)* presented at|an access token presented|the client secret presented|` +
	`a token fetched|credentials unknown)`)

func TestSDKKnownFailuresAreCatalogRequirementsWithProseReasons(t *testing.T) {
	known := map[string]bool{}
	for _, sc := range scenarios.Catalog() {
		for _, r := range sc.AllRequirements() {
			known[r.ID], known[sc.ID+"/"+r.ID] = true, true
		}
	}
	var files []string
	for _, pattern := range sdkKnownFailures {
		matches, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, matches...)
	}
	if len(files) != 9 {
		t.Fatalf("%d known-failures files (%v), want the nine runs of make sdk-runs", len(files), files)
	}
	for _, file := range files {
		kf, err := report.ReadKnownFailures(file)
		if err != nil {
			t.Fatal(err)
		}
		for key, reason := range kf {
			if !known[key] {
				t.Errorf("%s: %s names no requirement of the catalog", file, key)
			}
			if rawEvidence.MatchString(reason) || !strings.Contains(reason, " ") {
				t.Errorf("%s: %s: the reason is raw evidence, not what the SDK did and why that fails: %q", file, key, reason)
			}
		}
	}
}
