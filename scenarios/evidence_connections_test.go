package scenarios

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// A connection kept alive across three tasks is journaled at its start
// (#1) with every credential sent on it. In task 1's view it keeps only
// what none of its own requests presented: the API key of task 3's
// request is judged in task 3, a credential no request carried stays in
// task 1, as does one that could not be examined; the session's view, and
// another connection's requests, change nothing.
func TestConnectionRecordKeepsWhatItsRequestsDidNot(t *testing.T) {
	onConn := func(seq int64) exOpt { return func(ex *journal.Exchange) { ex.ConnSeq = seq } }
	for _, tc := range []struct {
		name      string
		carried   []string // on the connection record
		otherConn bool     // task 3's request came on another connection
		want      []string // the record's credentials in task 1's view
	}{
		{"every credential its requests'", []string{journal.CredAPIKey, journal.CredBearer}, false, []string{}},
		{"a credential no request carried", []string{journal.CredAPIKey, journal.CredBearer, journal.CredOAuthClientSecret}, false,
			[]string{journal.CredOAuthClientSecret}},
		{"a credential not examined", []string{journal.CredBearer, journal.CredUnexamined}, false, []string{journal.CredUnexamined}},
		{"another connection's request", []string{journal.CredAPIKey, journal.CredBearer}, true, []string{journal.CredAPIKey}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			later := int64(1)
			if tc.otherConn {
				later = 9
			}
			ev := journalOf(
				connection("A", journal.HandshakeComplete, 3000, presenting(tc.carried...)),
				send("A", presenting(journal.CredBearer), onConn(1)),
				send("A", presenting(journal.CredAPIKey), onConn(later)),
			)
			ev.Tasks = []ClientRun{{Task: 1, FirstSeq: 1, LastSeq: 2}, {Task: 2, FirstSeq: 3, LastSeq: 3}}
			got := ev.Task(1).Journal[0].Auth.Presented
			if !slices.Equal(got, tc.want) && !(len(got) == 0 && len(tc.want) == 0) {
				t.Errorf("task 1's connection record presents %v, want %v", got, tc.want)
			}
			if whole := ev.Journal[0].Auth.Presented; !slices.Equal(whole, tc.carried) {
				t.Errorf("the session's record changed: %v, want %v", whole, tc.carried)
			}
		})
	}
}
