package mockpeer

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

func TestJournalFields(t *testing.T) {
	clock := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	var hooked []journal.Exchange
	var mu sync.Mutex
	f := startFarm(t, FarmSpec{
		Now:        func() time.Time { return clock },
		OnExchange: func(e journal.Exchange) { mu.Lock(); hooked = append(hooked, e); mu.Unlock() },
		Peers:      []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}},
	})
	p, c := f.Peer("A"), httpsClient(t, f, false)
	params := sendParams("hi", true)
	params["metadata"] = map[string]any{"req": "r", "both": "request"}
	params["message"].(map[string]any)["metadata"] = map[string]any{"msg": "m", "both": "message"}
	rpcAt(t, c, JSONRPCURL(p.Origin())+"?trace=1", wire.MethodSendMessage, params, map[string]string{"A2A-Extensions": "urn:a, urn:b"})
	do(t, c, http.MethodGet, p.CardURL(), "", nil)

	// The connection is journaled when it ends: the client keeps it.
	all := f.Journal().All()
	if len(all) != 2 || f.Journal().Len() != 2 {
		t.Fatalf("journal holds %d exchanges, want 2", len(all))
	}
	e := all[0]
	checks := map[string][2]any{
		"seq":        {e.Seq, int64(2)}, // #1 is the connection's, taken when it was accepted
		"time":       {e.Time.Equal(clock), true},
		"peer":       {e.Peer, "A"},
		"origin":     {e.Origin, p.Origin()},
		"route":      {e.Route, journal.RouteA2A},
		"op":         {e.Op, wire.MethodSendMessage},
		"binding":    {e.Binding, wire.BindingJSONRPC},
		"method":     {e.Method, http.MethodPost},
		"path":       {e.Path, JSONRPCPath},
		"query":      {e.Query, "trace=1"},
		"status":     {e.Status, http.StatusOK},
		"a2aVersion": {e.A2AVersion, "1.0"},
		"extensions": {strings.Join(e.Extensions, "|"), "urn:a|urn:b"},
		"taskId":     {e.TaskID, "task-1"},
		"stateAfter": {e.StateAfter, wire.TaskStateCompleted},
		"cardVer":    {e.CardVersion, 0},
		"hash":       {e.ContractHash, p.ContractHash(0)},
		"host":       {e.Header.Get("Host"), strings.TrimPrefix(p.Origin(), "https://")},
		"metadata":   {mustJSON(e.RequestMetadata), `{"both":"message","msg":"m","req":"r"}`},
		"creating":   {e.TaskCreating(), true},
	}
	for name, c := range checks {
		if c[0] != c[1] {
			t.Errorf("%s = %v, want %v", name, c[0], c[1])
		}
	}
	if !strings.Contains(e.Body, `"SendMessage"`) || !strings.Contains(e.Response, `"task-1"`) {
		t.Errorf("body %q / response %q not recorded", e.Body, e.Response)
	}
	if all[1].Seq != 3 || all[1].Route != journal.RouteCard {
		t.Errorf("second exchange %d %s", all[1].Seq, all[1].Route)
	}
	if err := f.Close(); err != nil { // waits for the requests in flight: all are hooked
		t.Fatal(err)
	}
	if mu.Lock(); len(hooked) != 3 || hooked[2].Route != journal.RouteConnection || hooked[2].Seq != 1 {
		t.Errorf("%d OnExchange calls, want 3, the connection's last", len(hooked))
	}
	mu.Unlock()
	if sel := f.Journal().Select(func(e journal.Exchange) bool { return e.Route == journal.RouteCard }); len(sel) != 1 {
		t.Errorf("Select found %d card exchanges, want 1", len(sel))
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

func TestJournalMalformedAndUnmatched(t *testing.T) {
	f, p := onePeer(t, PeerSpec{})
	c := httpsClient(t, f, false)
	resp, body := do(t, c, http.MethodGet, p.Origin()+"/nowhere?x=1", "", nil)
	if resp.StatusCode != http.StatusNotFound || !json.Valid(body) || !strings.Contains(string(body), "/nowhere") {
		t.Errorf("unmatched answer %d %s", resp.StatusCode, body)
	}
	e := lastExchange(t, f, journal.RouteUnmatched)
	if e.Status != http.StatusNotFound || e.Path != "/nowhere" || e.Query != "x=1" {
		t.Errorf("unmatched journaled as %+v", e)
	}
	// No A2A-Version: the protocol layer rejects it before the handler.
	raw := `{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"t"}}`
	do(t, c, http.MethodPost, JSONRPCURL(p.Origin()), raw, map[string]string{"Content-Type": "application/json"})
	e = lastExchange(t, f, journal.RouteA2A)
	if e.ErrorCode != wire.ErrVersionNotSupported.RPCCode || e.Malformed == "" || e.A2AVersion != "" {
		t.Errorf("version-less call journaled with code %d malformed %q version %q", e.ErrorCode, e.Malformed, e.A2AVersion)
	}
}

// TestRedaction puts every farm secret everywhere a client could and
// checks that none survives in the journal, its JSON lines, the admin
// journal or the OnExchange hook.
func TestRedaction(t *testing.T) {
	var hooked bytes.Buffer
	var mu sync.Mutex
	f := startFarm(t, FarmSpec{
		OnExchange: func(e journal.Exchange) { mu.Lock(); _ = json.NewEncoder(&hooked).Encode(e); mu.Unlock() },
		Peers:      []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A", oauthScheme("A"))}}},
	})
	p, c := f.Peer("A"), httpsClient(t, f, true)
	creds := f.Credentials(Grants{OAuth: true, Bearer: true, APIKey: true, ClientCert: true})
	token := fetchToken(t, c, f, p)
	form := "grant_type=client_credentials&client_id=" + creds.OAuthClientID + "&client_secret=" + creds.OAuthClientSecret
	do(t, c, http.MethodPost, TokenURL(p.Origin()), form, map[string]string{"Content-Type": "application/x-www-form-urlencoded"})

	params := sendParams("my token is "+token+" and key "+creds.APIKey, false)
	params["metadata"] = map[string]any{"leak": creds.BearerToken, creds.APIKey: "as a key"}
	rpcAt(t, c, JSONRPCURL(p.Origin())+"?api_key="+creds.APIKey, wire.MethodSendMessage, params, map[string]string{
		"Authorization":  "Bearer " + token,
		"X-Debug":        "secret=" + creds.OAuthClientSecret,
		"Cookie":         "k=" + creds.BearerToken,
		"A2A-Extensions": creds.APIKey,
	})
	do(t, c, http.MethodGet, p.Origin()+"/leak/"+url.PathEscape(creds.BearerToken), "", nil)
	// A body longer than the journal keeps, with a secret at the cut.
	long := strings.Repeat("x", journal.DefaultJournalLimits.BodyBytes-10) + creds.BearerToken + strings.Repeat("y", 100)
	do(t, c, http.MethodPost, p.Origin()+"/long", long, nil)

	e := f.Journal().Select(func(e journal.Exchange) bool { return e.Op == wire.MethodSendMessage })[0]
	want := []string{journal.CredAPIKey, journal.CredBearer, journal.CredClientCert, journal.CredOAuthClientSecret, journal.CredOAuthToken}
	if strings.Join(e.Auth.Presented, ",") != strings.Join(want, ",") {
		t.Errorf("presented %v, want %v", e.Auth.Presented, want)
	}
	if got := e.Header.Get("Authorization"); got != "Bearer [REDACTED:oauth-token]" {
		t.Errorf("Authorization journaled as %q", got)
	}
	longEx := lastExchange(t, f, journal.RouteUnmatched)
	if len(longEx.Body) > journal.DefaultJournalLimits.BodyBytes+100 || !strings.Contains(longEx.Body, "truncated") {
		t.Errorf("long body journaled with %d bytes, no truncation mark", len(longEx.Body))
	}

	var lines bytes.Buffer
	if err := f.Journal().WriteJSONLines(&lines); err != nil {
		t.Fatal(err)
	}
	_, admin := adminCall(t, f, http.MethodGet, AdminJournalPath)
	// Close waits for every request in flight: each is hooked by then.
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	for where, text := range map[string]string{"JSON lines": lines.String(), "admin journal": string(admin), "OnExchange": hooked.String()} {
		for name, secret := range map[string]string{
			"token": token, "client secret": creds.OAuthClientSecret, "bearer": creds.BearerToken, "api key": creds.APIKey,
		} {
			if strings.Contains(text, secret) {
				t.Errorf("%s holds the %s", where, name)
			}
		}
		if !strings.Contains(text, "[REDACTED:") {
			t.Errorf("%s has no redaction mark: were the secrets even sent?", where)
		}
	}
	if !strings.Contains(lines.String(), creds.OAuthClientID) {
		t.Error("the client id, which is no secret, was redacted too")
	}
}
