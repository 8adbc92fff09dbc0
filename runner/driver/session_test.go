package driver

import (
	"bufio"
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// Serve answers each task line with one outcome line, in order, with the
// session's environment and the line's task.
func TestServe(t *testing.T) {
	in := `{"task":1,"cardUrl":"https://a/c","message":"m1","skill":"s","deadlineMs":1500}` + "\n" +
		`{"task":2,"cardUrl":"https://a/c","message":"m2","skill":"s","deadlineMs":2000}` + "\n"
	var out strings.Builder
	base := Assignment{RunID: "r", StateDir: "/state", Credentials: Credentials{BearerToken: "tok"}}
	var seen []Assignment
	err := Serve(context.Background(), base, strings.NewReader(in), &out, func(_ context.Context, a Assignment) Outcome {
		seen = append(seen, a)
		return Outcome{Outcome: OutcomeCompleted, TaskID: "task-" + a.Message}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(seen) != 2 || seen[1].Task != 2 || seen[1].Deadline != 2*time.Second || seen[1].Credentials.BearerToken != "tok" || seen[0].StateDir != "/state" {
		t.Errorf("assignments %+v", seen)
	}
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	lines := 0
	for i := 1; sc.Scan(); i++ {
		lines = i
		var line OutcomeLine
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil || line.Task != i || line.Outcome.Outcome != OutcomeCompleted {
			t.Errorf("line %d: %s (%v)", i, sc.Text(), err)
		}
	}
	if lines != 2 {
		t.Errorf("%d outcome lines, want 2", lines)
	}
	if err := Serve(context.Background(), base, strings.NewReader("not json\n"), &out, nil); err == nil {
		t.Error("a malformed task line is not an error")
	}
}
