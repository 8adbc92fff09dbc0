package scenarios

import (
	"net/http"
	"strings"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
)

// Tables of the general checks, judged in every scenario.

// cutVersion is an A2A-Version of 5000 bytes that begins with v, as the
// journal keeps it: its first 1024 bytes (cutValue), and the cut.
func cutVersion(v string) exOpt {
	return func(ex *journal.Exchange) {
		ex.A2AVersion, ex.Truncated = cutValue(v), []string{"a2aVersion"}
		ex.Cuts = []journal.Cut{{Field: "a2aVersion", Limit: 1024, Seen: 5000}}
	}
}

func cutValue(v string) string { return (v + strings.Repeat(" ", 1024))[:1024] }

func versionHeaderCases() []checkCase {
	const want = "A2A-Version: 1.0 on every A2A request"
	return []checkCase{
		{"no A2A request", journalOf(fetch("A"), request("A", journal.RouteUnmatched, http.MethodGet, "/")),
			notApplicable("the client sent no A2A request")},
		{"1.0 everywhere", journalOf(fetch("A"), send("A"), call("A", wire.MethodGetTask), fetch("A", a2aVersion(""))), passed()},
		{"a poll without the header", journalOf(send("A"), call("A", wire.MethodGetTask, a2aVersion("")),
			call("A", wire.MethodGetTask, a2aVersion("0.3"))),
			failed(want, "GetTask at #2 carried no A2A-Version (a server reads that as 0.3)", 2, 3)},
		{"another version", journalOf(send("A", a2aVersion("0.3"))),
			failed(want, `SendMessage at #1 carried A2A-Version "0.3"`, 1)},
		// A value the journal cut was longer than its bound: no version.
		{"a version the journal cut", journalOf(send("A", cutVersion("1.0"))),
			failed(want, `SendMessage at #1 carried A2A-Version "`+clip(cutValue("1.0"), 64)+`" (cut to the journal's 1024 bytes of its 5000)`, 1)},
		// The journal keeps the first value; the peer counted them all.
		{"1.0 once, counted", journalOf(send("A", fields(journal.FieldCounts{Versions: 1}))), passed()},
		{"a second line after 1.0", journalOf(send("A", fields(journal.FieldCounts{Versions: 1})),
			call("A", wire.MethodGetTask, fields(journal.FieldCounts{Versions: 2, OtherVersions: 1}))),
			failed(want, "GetTask at #2 carried 2 A2A-Version values (header lines, list members and query parameters), 1 of "+
				"them not 1.0: which one a server reads is its choice", 2)},
		{"1.0 twice", journalOf(send("A", fields(journal.FieldCounts{Versions: 2}))),
			failed(want, "SendMessage at #1 carried 2 A2A-Version values (header lines, list members and query parameters), 0 of "+
				"them not 1.0: which one a server reads is its choice", 1)},
		{"no header on a call the peer could not name", journalOf(call("A", "", a2aVersion(""), answered(http.StatusOK, -32601))),
			failed(want, "POST /a2a/jsonrpc at #1 carried no A2A-Version (a server reads that as 0.3)", 1)},
	}
}

func wellFormedCallsCases() []checkCase {
	const want = "well-formed A2A v1.0 requests"
	malformed := func(why string) exOpt { return func(ex *journal.Exchange) { ex.Malformed = why } }
	return []checkCase{
		{"no A2A request", journalOf(fetch("A")), notApplicable("the client sent no A2A request")},
		{"a request refused unread is no A2A request", journalOf(fetch("A"), unparsedAt("A")),
			notApplicable("the client sent no A2A request")},
		{"well-formed calls, and errors that are not the request's fault", journalOf(fetch("A"), send("A"),
			call("A", wire.MethodGetTask, answered(http.StatusOK, wire.ErrTaskNotFound.RPCCode)),
			call("A", wire.MethodSendMessage, answered(http.StatusOK, wire.ErrVersionNotSupported.RPCCode))), passed()},
		{"a path no A2A peer serves", journalOf(fetch("A"), request("A", journal.RouteUnmatched, http.MethodGet, "/v1/tasks"),
			send("A"), request("A", journal.RouteUnmatched, http.MethodPost, "/rpc")),
			failed(want, "#2 GET /v1/tasks: no such endpoint on an A2A v1.0 peer", 2, 4)},
		{"a body that is not JSON", journalOf(call("A", "", answered(http.StatusOK, wire.ErrParse.RPCCode),
			malformed("not valid JSON: unexpected end of JSON input"))),
			failed(want, "#1 POST /a2a/jsonrpc: not valid JSON: unexpected end of JSON input", 1)},
		{"invalid params", journalOf(send("A"), call("A", wire.MethodGetTask, answered(http.StatusOK, wire.ErrInvalidParams.RPCCode))),
			failed(want, "#2 POST /a2a/jsonrpc: answered error -32602", 2)},
		{"two Content-Type lines", journalOf(send("A", fields(journal.FieldCounts{Versions: 1, ContentType: 2}))),
			failed(want, "#1 POST /a2a/jsonrpc: 2 Content-Type lines (RFC 9110 §5.3: one)", 1)},
		{"one Content-Type line", journalOf(send("A", fields(journal.FieldCounts{Versions: 1, ContentType: 1}))), passed()},
		{"an unknown method", journalOf(call("A", "", answered(http.StatusOK, wire.ErrMethodNotFound.RPCCode)),
			call("A", "", answered(http.StatusOK, wire.ErrInvalidRequest.RPCCode))),
			failed(want, "#1 POST /a2a/jsonrpc: answered error -32601", 1, 2)},
	}
}

func outcomeBeforeDeadlineCases() []checkCase {
	return []checkCase{
		{"an outcome in time", reporting(driver.OutcomeAborted, driver.ReasonContractChanged), passed()},
		{"an outcome, exit code informational", withClient(reporting(driver.OutcomeFailed, driver.ReasonTaskFailed),
			func(c *ClientRun) { c.ExitCode = 3 }), passed()},
		{"killed at the deadline", withClient(journalOf(), func(c *ClientRun) { c.TimedOut, c.Deadline = true, 1500*time.Millisecond }),
			failed("an outcome, and exit before the deadline", "still running at its deadline (1.5s): killed with its process group")},
		{"killed at the deadline, the time it ran measured", withClient(journalOf(), func(c *ClientRun) {
			c.TimedOut, c.Deadline, c.Ran = true, 1500*time.Millisecond, 1523456*time.Microsecond
		}), failed("an outcome, and exit before the deadline", "still running at its deadline (ran 1.523s, deadline 1.5s): killed with its process group")},
		{"no outcome file", journalOf(),
			failed("one outcome JSON object in A2A_CONFORM_OUTCOME_FILE", "outcome missing")},
		{"an outcome that is not well-formed", withClient(reporting("done", ""), func(c *ClientRun) {
			c.OutcomeProblem = `unknown outcome "done"`
		}), failed("a well-formed outcome", `unknown outcome "done"`)},
	}
}

// withTasks sets the session's task windows.
func withTasks(ev *Evidence, runs []ClientRun) *Evidence {
	ev.Tasks = runs
	return ev
}

func cardSeenBeforeEverySendCases() []checkCase {
	const want = "a card response in the same task before each task-creating request"
	twoTasks := func(exs ...journal.Exchange) *Evidence {
		ev := journalOf(exs...)
		ev.Tasks = []ClientRun{{Task: 1, FirstSeq: 1, LastSeq: 2}, {Task: 2, FirstSeq: 3, LastSeq: 4}}
		return ev
	}
	return []checkCase{
		{"fetched, then sent", journalOf(fetch("A"), send("A")), passed()},
		{"revalidated (304), then sent", twoTasks(fetch("A"), send("A"),
			fetch("A", header("If-None-Match", etagV0), answered(http.StatusNotModified, 0)), send("A")), passed()},
		{"a 304 to If-None-Match: * is not a look", journalOf(fetch("A", header("If-None-Match", "*"), answered(http.StatusNotModified, 0)), send("A")),
			failed(want, `SendMessage at #2 with no card looked at in this task before it (#1 carried 1 validator(s) of 1 naming no card the peer had served, "*" among them)`, 2)},
		{`a 304 to the ETag given and "*" is not a look`, twoTasks(fetch("A"), send("A"),
			fetch("A", header("If-None-Match", etagV0+`, *`), answered(http.StatusNotModified, 0)), send("A")),
			failed(want, `task 2: SendMessage at #4 with no card looked at in this task before it (#3 carried 1 validator(s) of 2 naming no card the peer had served, "*" among them)`, 4)},
		// hidden-star: the journal kept the ETag given; the peer read the "*" after it.
		{`a 304 to a "*" the journal's headers lost is not a look`, twoTasks(fetch("A"), send("A"),
			fetch("A", header("If-None-Match", etagV0), answered(http.StatusNotModified, 0), validated(journal.Validators{
				Tags: []journal.Validator{{Version: 0, Served: true}, {Version: -1, Star: true}}, TagCount: 2, Star: true, Unserved: 1,
			})), send("A")),
			failed(want, `task 2: SendMessage at #4 with no card looked at in this task before it (#3 carried 1 validator(s) of 2 naming no card the peer had served, "*" among them)`, 4)},
		// head-then-revalidate: the ETag in force, learnt by a HEAD, beside the one given.
		{"a 304 to the ETag a HEAD carried is not a look", withTasks(journalOf(fetch("A"), send("A"),
			fetch("A", underVersion(1), func(ex *journal.Exchange) { ex.Method = http.MethodHead }),
			fetch("A", header("If-None-Match", etagV0+", "+etagV1), answered(http.StatusNotModified, 0), underVersion(1)), send("A")),
			[]ClientRun{{Task: 1, FirstSeq: 1, LastSeq: 2}, {Task: 2, FirstSeq: 3, LastSeq: 5}}),
			failed(want, "task 2: SendMessage at #5 with no card looked at in this task before it (#4 carried 1 validator(s) of 2 naming no card the peer had served)", 5)},
		{"a 304 whose validators the journal lost", twoTasks(fetch("A"), send("A"), fetch("A", answered(http.StatusNotModified, 0)), send("A")),
			harnessLost("the journal holds no validators of card request #3, which the peer answered 304: "+
				"the harness lost what the client asked with, so whether it revalidated a card it held cannot be judged", 3)},
		{"a HEAD is not a look", journalOf(fetch("A", func(ex *journal.Exchange) { ex.Method = http.MethodHead }), send("A")),
			failed(want, "SendMessage at #2 with no card looked at in this task before it", 2)},
		{"part of a card is not a look", journalOf(fetch("A", header("Range", "bytes=0-0"), answered(http.StatusPartialContent, 0)), send("A")),
			failed(want, "SendMessage at #2 with no card looked at in this task before it", 2)},
		{"never fetched", journalOf(send("A")), failed(want, "SendMessage at #1 with no card looked at in this task before it", 1)},
		{"a failed fetch is not a look", journalOf(fetch("A", answered(http.StatusNotFound, 0)), send("A")),
			failed(want, "SendMessage at #2 with no card looked at in this task before it", 2)},
		{"each task looks", twoTasks(fetch("A"), send("A"), fetch("A"), send("A")), passed()},
		{"the second task trusts the first task's card", twoTasks(fetch("A"), send("A"), call("A", wire.MethodGetTask), send("A")),
			failed(want, "task 2: SendMessage at #4 with no card looked at in this task before it", 4)},
		{"nothing sent", journalOf(fetch("A")), notApplicable("the client sent no task-creating request")},
	}
}

func noFloodCases() []checkCase {
	flood := journalOf(fetch("A"))
	flood.Seen, flood.Kept = 1600, 1000
	within := journalOf(fetch("A"))
	within.Seen, within.Kept = 1000, 1000
	return []checkCase{
		{"within the journal", within, passed()},
		{"unknown counts (hand-built)", journalOf(fetch("A")), passed()},
		{"a flood", flood, failed("at most 1000 requests in the scenario", "1600 requests: 600 were kept only in compact form or counted")},
	}
}

// fields: what the peer counted over the whole request.
func fields(f journal.FieldCounts) exOpt {
	return func(ex *journal.Exchange) { ex.Fields = &f }
}
