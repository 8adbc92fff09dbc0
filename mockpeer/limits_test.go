package mockpeer

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"github.com/a2a-conform/a2a-conform/a2a/wire"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// TestJournalBoundsOneExchange is a hostile client that sends as much as
// the server takes in every part of one request, with secrets at the cuts.
func TestJournalBoundsOneExchange(t *testing.T) {
	f, p := onePeer(t, PeerSpec{})
	c := httpsClient(t, f, false)
	l := f.Journal().Limits()
	secret := f.Credentials(Grants{Bearer: true}).BearerToken
	straddle := func(n int) string { return strings.Repeat("p", n-len(secret)/2) + secret + "tail" }

	h := map[string]string{"A2A-Version": "1.0", "X-Huge": straddle(l.HeaderBytes)}
	for i := range 2 * l.HeaderCount {
		h["X-Small-"+strconv.Itoa(i)] = "v"
	}
	body := straddle(l.BodyBytes) + strings.Repeat("b", 100<<10)
	do(t, c, http.MethodPost, p.Origin()+"/"+straddle(l.PathBytes)+"?q="+straddle(l.QueryBytes), body, h)

	e := lastExchange(t, f, journal.RouteUnmatched)
	for _, name := range []string{journal.TruncHeader, journal.TruncPath, journal.TruncQuery, journal.TruncBody} {
		if !slices.Contains(e.Truncated, name) {
			t.Errorf("Truncated %v does not name %s", e.Truncated, name)
		}
	}
	size, values := 0, 0
	for k, vs := range e.Header {
		for _, v := range vs {
			size += len(k) + len(v)
			values++
		}
	}
	if size > l.HeaderBytes || values > l.HeaderCount || len(e.Path) > l.PathBytes || len(e.Query) > l.QueryBytes {
		t.Errorf("kept %d header bytes in %d values, path %d, query %d: over the limits", size, values, len(e.Path), len(e.Query))
	}
	if len(e.Body) > l.BodyBytes+64 || len(e.Response) > l.BodyBytes+64 {
		t.Errorf("body %d, response %d bytes kept", len(e.Body), len(e.Response))
	}
	if e.Header.Get("A2a-Version") != "1.0" || e.Header.Get("Host") == "" || e.Header.Get("X-Small-0") != "v" {
		t.Errorf("key and small headers pushed out by a huge one: %v", e.Header)
	}
	if line := mustJSON(e); strings.Contains(line, secret[:12]) || strings.Contains(line, secret[len(secret)-12:]) {
		t.Errorf("part of a secret survives a cut: %s", line)
	}
	// Every cut says its bound and the size it met.
	for _, name := range append(slices.Clone(e.Truncated), journal.CutHeaderValues) {
		i := slices.IndexFunc(e.Cuts, func(c journal.Cut) bool { return c.Field == name })
		if i < 0 || e.Cuts[i].Limit <= 0 || e.Cuts[i].Seen <= e.Cuts[i].Limit {
			t.Errorf("%s: cuts %+v say no bound met", name, e.Cuts)
		}
	}
}

// TestJournalFlood: past Exchanges, exchanges are kept compact; past
// Compact, only counted.
func TestJournalFlood(t *testing.T) {
	f := startFarm(t, FarmSpec{
		Journal: journal.JournalLimits{Exchanges: 5, Compact: 10},
		Peers:   []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}},
	})
	p, c := f.Peer("A"), httpsClient(t, f, false)
	for range 30 {
		rpc(t, c, p, wire.MethodGetTask, map[string]any{"id": "nope"}, nil)
	}
	counts := f.Journal().Counts()
	if counts != (journal.JournalCounts{Seen: 30, Whole: 5, Compact: 10, Dropped: 15}) || f.Journal().Len() != 15 {
		t.Fatalf("counts %+v, %d kept; want 5 whole, 10 compact, 15 dropped", counts, f.Journal().Len())
	}
	all := f.Journal().All()
	if slices.Contains(all[4].Truncated, journal.TruncCompact) || all[4].Header == nil {
		t.Errorf("exchange 5 not whole: %+v", all[4])
	}
	e := all[5]
	if !slices.Contains(e.Truncated, journal.TruncCompact) || e.Header != nil || e.Body != "" || e.Response != "" {
		t.Errorf("exchange 6 not compact: %+v", e)
	}
	if e.Op != wire.MethodGetTask || e.A2AVersion != "1.0" || e.ErrorCode != wire.ErrTaskNotFound.RPCCode || e.Route != journal.RouteA2A {
		t.Errorf("compact exchange lost what the checks read: %s", e.Line())
	}
}

// TestJournalRing: a standalone peer keeps the newest exchanges.
func TestJournalRing(t *testing.T) {
	f := startFarm(t, FarmSpec{
		Journal: journal.JournalLimits{Exchanges: 3, Ring: true},
		Peers:   []PeerSpec{{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A")}}},
	})
	c := httpsClient(t, f, false)
	for range 10 {
		do(t, c, http.MethodGet, f.Peer("A").CardURL(), "", nil)
	}
	var seqs []int64
	for _, e := range f.Journal().All() {
		seqs = append(seqs, e.Seq)
	}
	// #1 is the client's connection, still open.
	if !slices.Equal(seqs, []int64{9, 10, 11}) || f.Journal().Counts().Dropped != 7 {
		t.Errorf("ring holds %v with %d dropped, want 9 10 11 and 7", seqs, f.Journal().Counts().Dropped)
	}
}

// TestOnlyGrantedCredentialsOnDisk plays a client that looks around its
// CA file for a key: nothing but the CA is there unless a certificate is
// granted.
func TestOnlyGrantedCredentialsOnDisk(t *testing.T) {
	for _, grants := range []Grants{{}, {OAuth: true, Bearer: true, APIKey: true}, {ClientCert: true}} {
		dir := t.TempDir()
		f := startFarm(t, FarmSpec{Dir: dir, Grants: grants, Peers: []PeerSpec{{Name: "A", Cards: []CardFunc{testCard("A")}}}})
		creds := f.Credentials(f.Grants())
		entries, _ := os.ReadDir(dir)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
			data, _ := os.ReadFile(dir + "/" + e.Name())
			if bytes.Contains(data, []byte("PRIVATE KEY")) && e.Name() != clientKeyFileName {
				t.Errorf("grants %+v: %s holds a private key", grants, e.Name())
			}
		}
		want := []string{caFileName}
		if grants.ClientCert {
			want = []string{caFileName, clientCertFileName, clientKeyFileName}
			if info, err := os.Stat(creds.ClientKeyFile); err != nil || info.Mode().Perm() != 0o600 {
				t.Errorf("client key file %q: %v", creds.ClientKeyFile, err)
			}
		} else if creds.ClientCertFile != "" || creds.ClientKeyFile != "" {
			t.Errorf("grants %+v: credentials name client files %+v", grants, creds)
		}
		if slices.Sort(names); !slices.Equal(names, want) {
			t.Errorf("grants %+v: the farm wrote %v, want %v", grants, names, want)
		}
	}
}

// TestJournalPinsNoRequest: what the journal keeps of a huge request is a
// copy, not a slice that would keep the whole request in memory.
func TestJournalPinsNoRequest(t *testing.T) {
	f, p := onePeer(t, PeerSpec{})
	big := strings.Repeat("a,", 256<<10)
	req := httptest.NewRequest(http.MethodGet, "/x?q=1", nil)
	req.URL.Path, req.URL.RawQuery = big, big
	req.Header.Set("X-Big", big)
	req.Header.Set("A2A-Extensions", big)
	req.Header.Set("A2A-Version", big[:4])
	p.ServeHTTP(httptest.NewRecorder(), req)
	e := lastExchange(t, f, journal.RouteUnmatched)
	inBig := func(s string) bool {
		if s == "" {
			return false
		}
		start, at := uintptr(unsafe.Pointer(unsafe.StringData(big))), uintptr(unsafe.Pointer(unsafe.StringData(s)))
		return at >= start && at < start+uintptr(len(big))
	}
	kept := append([]string{e.Path, e.Query, e.A2AVersion}, e.Extensions...)
	for _, vs := range e.Header {
		kept = append(kept, vs...)
	}
	for _, s := range kept {
		if inBig(s) {
			t.Fatalf("the journal keeps a slice of a %d-byte request string", len(big))
		}
	}
}
