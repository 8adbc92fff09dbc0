package scenarios

import (
	"fmt"
	"net/http"
	"reflect"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// Every check is judged here on hand-built journals: a table per check,
// each with at least one pass and one fail, comparing the whole judgement
// (verdict, want, got, reason and the exchanges cited).

// checkTable is one check and the cases that judge it.
type checkTable struct {
	check func(*Evidence) verdict.Judgement
	cases []checkCase
}

type checkCase struct {
	name string
	ev   *Evidence
	want verdict.Judgement
}

// checkTables lists every check of the catalog with its table.
func checkTables() []checkTable {
	return []checkTable{
		{noCancel, noCancelCases()},
		{outcomeIs(driver.OutcomeAborted, driver.ReasonContractChanged), outcomeIsCases()},
		{completedWithArtifact, completedWithArtifactCases()},
		{completedAt("B"), completedAtCases()},
		{completedAtCardPeer, completedAtCardPeerCases()},
		{followedMovedCard, followedMovedCardCases()},
		{CompletedAfterChange(changeAt01, true), completedAfterChangeCases()},
		{CompletedAfterChange(changeAt01, false), completedAfterSameContractCases()},
		{FollowedOrRefused(changeAt01, driver.ReasonExtensionUnsupported), followedOrRefusedCases()},
		{taskSent, taskSentCases()},
		{noCardFetchAfterSend, noCardFetchAfterSendCases()},
		{noSendAfterContractChange, noSendAfterContractChangeCases()},
		{revalidatedBeforeSend("A"), revalidatedBeforeSendCases()},
		{revalidatedWithETag("A"), revalidatedWithETagCases()},
		{noWeakerAuthorization, noWeakerAuthorizationCases()},
		{sendCarriesContractHash, sendCarriesContractHashCases()},
		{nothingReaches("B"), nothingReachesCases()},
		{noRequestAt("B"), noRequestAtCases()},
		{noTaskCreatingAt("C"), noTaskCreatingAtCases()},
		{noCredentialAt("B"), noCredentialAtCases()},
		{onlyLabelled("2.0"), onlyLabelledCases()},
		{onlyLabelled("1.1"), onlyLabelledMinorCases()},
		{onlyInterfaceAt1("current"), onlyInterfaceAt1Cases()},
		{onlyInterface("first"), onlyInterfaceCases()},
		{versionHeaderOnEveryCall, versionHeaderCases()},
		{wellFormedCalls, wellFormedCallsCases()},
		{outcomeBeforeDeadline, outcomeBeforeDeadlineCases()},
		{cardSeenBeforeEverySend, cardSeenBeforeEverySendCases()},
		{noFlood, noFloodCases()},
		{failedOnRefusedHandshake("A"), failedOnRefusedHandshakeCases()},
		{onlyOnFirstConnection("B", false), onlyOnFirstConnectionCases()},
		{onlyOnFirstConnection("B", true), onlyOnFirstConnectionCredentialCases()},
		{onlyCardRequests("A", []int{2}), onlyCardRequestsCases()},
		{noCredentialBesideCard("A", []int{2}), noCredentialBesideCardCases()},
		{fieldBeforeSend("A", 1, true), fieldBeforeSendCases()},
		{noSendAfterExtendedChange, noSendAfterExtendedChangeCases()},
		{outcomeIs(driver.OutcomeAborted, driver.ReasonContractChanged), extendedContractChangedCases()},
		{outcomeIs(driver.OutcomeAborted, driver.ReasonUntrustedEndpoint), extendedUntrustedCases()},
		{extendedFetchedWithNamedSchemes("A"), extendedFetchedWithNamedSchemesCases()},
		{noUnnamedCredentialBeforeExtended("A"), noUnnamedCredentialBeforeExtendedCases()},
		{reattested("B"), reattestedCases()},
		{refetchedKeys("A"), refetchedKeysCases()},
		{onlyNamedCredentials(journal.CredOAuthToken, journal.CredOAuthClientSecret), onlyNamedCredentialsCases()},
		{tokensOnlyToInterfaces, tokensOnlyToInterfacesCases()},
		{secretOnlyToIssuer("A"), secretOnlyToIssuerCases()},
		{tokensStayWithTheirPeer(testCredScopes), tokensStayWithTheirPeerCases()},
		{completedOrAuthUnavailable("C"), completedOrAuthUnavailableCases()},
		{credentialsOnlyToInterfaces, credentialsOnlyToInterfacesCases()},
		{credentialsInTheirPlace, credentialsInTheirPlaceCases()},
		{namedPerTask(map[int][]string{1: {journal.CredBearer}, 2: {journal.CredBearer, journal.CredAPIKey}, 3: {journal.CredAPIKey}}), namedPerTaskCases()},
		{noClientCertificate, noClientCertificateCases()},
		{afterCardFault("no task-creating request", "task-creating request(s)", journal.Exchange.TaskCreating), noSendAfterCardFaultCases()},
		{afterCardFault("no credential presented", "request(s) presenting a credential", presentsCredential), noCredentialAfterCardFaultCases()},
		{failedOnCardFault([]int{1, 2}), failedOnCardFaultCases()},
		{sentOnFreshFetch("A"), sentOnFreshFetchCases()},
		{activatesRequiredExtension("A", mockpeer.FrozenContractExtension), activatesRequiredExtensionCases()},
		{completedIfSpoken(mockpeer.FrozenContractExtension), completedIfSpokenCases()},
		{noTokenIn(mockpeer.TokenExpired), noTokenInCases()},
		{refusedTokenOnce(mockpeer.TokenRevoked), refusedTokenOnceCases()},
	}
}

func TestChecks(t *testing.T) {
	for _, table := range checkTables() {
		name := checkName(table.check)
		t.Run(name, func(t *testing.T) {
			var verdicts []verdict.Verdict
			for _, c := range table.cases {
				verdicts = append(verdicts, c.want.Verdict)
				t.Run(c.name, func(t *testing.T) {
					if got := table.check(c.ev); !sameJudgement(got, c.want) {
						t.Errorf("judgement\n got %s\nwant %s", describe(got), describe(c.want))
					}
				})
			}
			if !slices.Contains(verdicts, verdict.Pass) || !slices.Contains(verdicts, verdict.Fail) {
				t.Errorf("the table of %s shows verdicts %v: every check must be shown to pass and to fail", name, verdicts)
			}
		})
	}
}

// TestEveryCheckHasATable: a requirement whose check has no table could
// be one that never fails.
func TestEveryCheckHasATable(t *testing.T) {
	tabled := map[string]bool{}
	for _, table := range checkTables() {
		tabled[checkName(table.check)] = true
	}
	for _, r := range Requirements() {
		if name := checkName(r.Check); !tabled[name] {
			t.Errorf("%s: check %s has no table in checkTables", r.ID, name)
		}
	}
}

var closureSuffix = regexp.MustCompile(`^func\d+$`)

// checkName names a check by the function that made it: a closure made by
// outcomeIs is "outcomeIs" wherever the compiler inlined outcomeIs.
func checkName(check func(*Evidence) verdict.Judgement) string {
	full := runtime.FuncForPC(reflect.ValueOf(check).Pointer()).Name()
	parts := strings.Split(full[strings.LastIndex(full, "/")+1:], ".")
	if n := len(parts); n > 1 && closureSuffix.MatchString(parts[n-1]) {
		return parts[n-2]
	}
	return parts[len(parts)-1]
}

func sameJudgement(a, b verdict.Judgement) bool {
	return a.Verdict == b.Verdict && a.Want == b.Want && a.Got == b.Got && a.Reason == b.Reason &&
		slices.Equal(a.Exchanges, b.Exchanges)
}

func describe(j verdict.Judgement) string {
	return fmt.Sprintf("%s want=%q got=%q reason=%q exchanges=%v", j.Verdict, j.Want, j.Got, j.Reason, j.Exchanges)
}

// The farm of the hand-built journals: three peers, and two card versions
// of A whose contracts differ.
var testOrigins = map[string]string{
	"A": "https://127.0.0.1:4431", "B": "https://127.0.0.2:4432", "C": "https://127.0.0.3:4433",
}

const (
	etagV0, etagV1 = `"etag-v0"`, `"etag-v1"`
	hashV0, hashV1 = "hash-v0", "hash-v1"

	lastModifiedV0 = "Mon, 02 Jan 2006 15:04:05 GMT"
	lastModifiedV1 = "Mon, 02 Jan 2006 15:05:05 GMT"
)

// journal numbers the exchanges from #1 and wraps them in the evidence of
// a client that wrote no outcome.
func journalOf(exs ...journal.Exchange) *Evidence {
	for i := range exs {
		exs[i].Seq = int64(i + 1)
	}
	ev := &Evidence{
		Journal: exs,
		Client:  ClientRun{TaskEnd: driver.TaskEnd{OutcomeProblem: "missing"}, Deadline: 10 * time.Second},
		Origins: testOrigins,
		Cards: map[string][]CardVersion{"A": {
			{ETag: etagV0, LastModified: lastModifiedV0, ContractHash: hashV0},
			{ETag: etagV1, LastModified: lastModifiedV1, ContractHash: hashV1},
		}},
	}
	readValidators(ev)
	return ev
}

// readValidators gives every card request of ev's journal that has none
// the validators the peer would have recorded (mockpeer.ReadValidators):
// its headers read against ev.Cards, a version served once a GET of it
// was answered 200 earlier in the journal. A case that sets Validators
// itself (what the peer read of a request whose Header the journal cut)
// keeps them.
func readValidators(ev *Evidence) {
	served := map[string]map[int]bool{}
	for i := range ev.Journal {
		ex := &ev.Journal[i]
		if ex.Route != journal.RouteCard {
			continue
		}
		if ex.Validators == nil {
			var sent mockpeer.CardValidators
			for _, v := range ev.Cards[ex.Peer] {
				sent.ETags, sent.Dates = append(sent.ETags, v.ETag), append(sent.Dates, v.LastModified)
			}
			peer := ex.Peer
			ex.Validators = mockpeer.ReadValidators(ex.Header, sent, func(v int) bool { return served[peer][v] })
		}
		if ex.Method == http.MethodGet && ex.Status == http.StatusOK {
			if served[ex.Peer] == nil {
				served[ex.Peer] = map[int]bool{}
			}
			served[ex.Peer][ex.CardVersion] = true
		}
	}
}

// reporting is a journal whose client reported outcome/reason, naming
// task-1 (the task of every call) when it reports completed.
func reporting(outcome driver.OutcomeKind, reason driver.Reason, exs ...journal.Exchange) *Evidence {
	ev := journalOf(exs...)
	ev.Client.Outcome = &driver.Outcome{Outcome: outcome, Reason: reason}
	if outcome == driver.OutcomeCompleted {
		ev.Client.Outcome.TaskID = "task-1"
	}
	ev.Client.OutcomeProblem = ""
	return ev
}

// withClient changes how the client's run ended.
func withClient(ev *Evidence, change func(*ClientRun)) *Evidence {
	change(&ev.Client)
	return ev
}

type exOpt func(*journal.Exchange)

func exchange(ex journal.Exchange, opts []exOpt) journal.Exchange {
	for _, opt := range opts {
		opt(&ex)
	}
	return ex
}

// fetch is a card request answered 200.
func fetch(peer string, opts ...exOpt) journal.Exchange {
	return exchange(journal.Exchange{Peer: peer, Route: journal.RouteCard, Method: http.MethodGet,
		Path: wire.WellKnownCardPath, Header: http.Header{}, Status: http.StatusOK}, opts)
}

// call is a JSON-RPC call of op on task-1 with A2A-Version 1.0, answered 200.
func call(peer, op string, opts ...exOpt) journal.Exchange {
	return exchange(journal.Exchange{Peer: peer, Route: journal.RouteA2A, Op: op, Binding: wire.BindingJSONRPC,
		Method: http.MethodPost, Path: mockpeer.JSONRPCPath, Header: http.Header{}, Status: http.StatusOK,
		A2AVersion: wire.ProtocolVersion, TaskID: "task-1"}, opts)
}

// send is a SendMessage accepted under A's card version 0.
func send(peer string, opts ...exOpt) journal.Exchange {
	return call(peer, wire.MethodSendMessage, append([]exOpt{underVersion(0), after(wire.TaskStateSubmitted)}, opts...)...)
}

// request is any other request: route, method and path as given.
func request(peer, route, method, path string, opts ...exOpt) journal.Exchange {
	return exchange(journal.Exchange{Peer: peer, Route: route, Method: method, Path: path, Header: http.Header{},
		Status: http.StatusOK}, opts)
}

func header(name, value string) exOpt {
	return func(ex *journal.Exchange) { ex.Header.Set(name, value) }
}

// addHeader adds a line of a header, after those set.
func addHeader(name, value string) exOpt {
	return func(ex *journal.Exchange) { ex.Header.Add(name, value) }
}

// underVersion: the request arrived while A's card version n was in force.
func underVersion(n int) exOpt {
	return func(ex *journal.Exchange) {
		ex.CardVersion, ex.ContractHash = n, []string{hashV0, hashV1}[n]
	}
}

func after(state wire.TaskState) exOpt {
	return func(ex *journal.Exchange) { ex.StateAfter = state }
}

// stateBefore: the task already existed, in state, when the call came.
func stateBefore(state wire.TaskState) exOpt {
	return func(ex *journal.Exchange) { ex.StateBefore = state }
}

func taskID(id string) exOpt { return func(ex *journal.Exchange) { ex.TaskID = id } }

func presenting(creds ...string) exOpt {
	return func(ex *journal.Exchange) { ex.Auth.Presented = creds }
}

func a2aVersion(v string) exOpt { return func(ex *journal.Exchange) { ex.A2AVersion = v } }

// answered: the peer answered status and A2A error code, and created no task.
func answered(status, code int) exOpt {
	return func(ex *journal.Exchange) { ex.Status, ex.ErrorCode, ex.TaskID, ex.StateAfter = status, code, "", "" }
}
