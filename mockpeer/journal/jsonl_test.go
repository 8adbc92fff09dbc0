package journal

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
	"time"
)

// What WriteJSONLines writes, DecodeJSONLines reads back as the journal
// holds it; blank lines are skipped, and a damaged line is an error that
// names it, after the exchanges before it.
func TestJSONLinesRoundTrip(t *testing.T) {
	j := New(JournalLimits{}, nil)
	at := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	for _, e := range []Exchange{
		{Route: RouteCard, Peer: "A", Method: "GET", Path: "/.well-known/agent-card.json", Status: 200, Time: at,
			Validators: &Validators{Tags: []Validator{{Version: 0, Served: true}}, TagCount: 1}},
		{Route: RouteA2A, Peer: "A", Op: "SendMessage", Binding: "JSONRPC", Status: 200, TaskID: "t1", StateAfter: "TASK_STATE_COMPLETED", Time: at},
		{Route: RouteConnection, Peer: "B", Conn: &Connection{Remote: "127.0.0.1:1", Handshake: HandshakeComplete, EndedBy: EndedByClient}, Time: at},
	} {
		e.Seq = j.Reserve()
		j.Append(&e)
	}
	var buf bytes.Buffer
	if err := j.WriteJSONLines(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := DecodeJSONLines(append([]byte("\n"), buf.Bytes()...))
	if err != nil {
		t.Fatal(err)
	}
	if want := j.All(); !reflect.DeepEqual(got, want) {
		t.Errorf("decoded\n%+v\nwant\n%+v", got, want)
	}
	lines := bytes.SplitAfter(buf.Bytes(), []byte("\n"))
	damaged := bytes.Join([][]byte{lines[0], lines[1], []byte("{not json\n"), lines[2]}, nil)
	got, err = DecodeJSONLines(damaged)
	if err == nil || !strings.Contains(err.Error(), "line 3") || len(got) != 2 {
		t.Errorf("damaged journal: %d exchanges, error %v; want the 2 before line 3 and an error naming it", len(got), err)
	}
}
