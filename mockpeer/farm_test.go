package mockpeer

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/grant"
	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

func TestStartRejectsInvalidSpecs(t *testing.T) {
	card := []CardFunc{testCard("A")}
	tests := []struct {
		name string
		spec FarmSpec
		want string
	}{
		{"no peers", FarmSpec{}, "no peers"},
		{"no name", FarmSpec{Peers: []PeerSpec{{Cards: card}}}, "no name"},
		{"duplicate", FarmSpec{Peers: []PeerSpec{{Name: "A", Cards: card}, {Name: "A", Cards: card}}}, `duplicate peer name "A"`},
		{"no cards", FarmSpec{Peers: []PeerSpec{{Name: "A"}}}, "no cards"},
		{"nil card", FarmSpec{Peers: []PeerSpec{{Name: "A", Cards: []CardFunc{nil}}}}, "card 0 is nil"},
		{"redirect unknown", FarmSpec{Peers: []PeerSpec{{Name: "A", Cards: card, Redirect: &Redirect{Status: 301, To: "Z"}}}}, `unknown peer "Z"`},
		{"redirect status", FarmSpec{Peers: []PeerSpec{{Name: "A", Cards: card, Redirect: &Redirect{Status: 200, To: "B"}}, {Name: "B", Cards: card}}}, "status 200"},
		{"rotation to missing", FarmSpec{Peers: []PeerSpec{{Name: "A", Cards: card, Rotations: []Rotation{{On: Trigger{Kind: OnAdmin}, To: 1}}}}}, "card version 1, which does not exist"},
		{"rotation without trigger", FarmSpec{Peers: []PeerSpec{{Name: "A", Cards: card, Rotations: []Rotation{{To: 0}}}}}, "no trigger kind"},
		{"non-loopback host", FarmSpec{Peers: []PeerSpec{{Name: "A", Cards: card, Host: "0.0.0.0"}}}, "not a loopback address"},
		{"non-loopback addr", FarmSpec{Peers: []PeerSpec{{Name: "A", Cards: card, Addr: "192.0.2.1:80"}}}, "not a loopback address"},
		{"admin identity", FarmSpec{Peers: []PeerSpec{{Name: "A", Cards: card, Identity: adminIdentity}}}, "admin listener's"},
		{"bad step", FarmSpec{Peers: []PeerSpec{{Name: "A", Cards: card, Task: TaskScript{Steps: []TaskStep{{State: "done"}}}}}}, "no valid state"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Start(context.Background(), tt.spec)
			if err == nil {
				f.Close()
				t.Fatal("Start accepted the spec")
			}
			if !errors.Is(err, ErrInvalidSpec) || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "mockpeer: ") {
				t.Errorf("error %q, want ErrInvalidSpec mentioning %q", err, tt.want)
			}
		})
	}
}

// TestCloseLeavesNothing runs traffic of every kind, closes the farm, and
// checks that the goroutine count comes back and the ports refuse.
func TestCloseLeavesNothing(t *testing.T) {
	before := goroutineIDs()
	f, err := Start(context.Background(), FarmSpec{Peers: []PeerSpec{
		{Name: "A", Skill: testSkill, Cards: []CardFunc{testCard("A", withStreaming())},
			Task: TaskScript{Steps: []TaskStep{{State: wire.TaskStateWorking}, {State: wire.TaskStateCompleted}}}},
		{Name: "B", Host: "127.0.0.2", Cards: []CardFunc{testCard("B")}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Dir(f.CAFile())
	c := httpsClient(t, f, true)
	for _, p := range f.Peers() {
		do(t, c, http.MethodGet, p.CardURL(), "", nil)
	}
	jsonrpcStream(t, c, f.Peer("A"), wire.MethodSendStreamingMessage, sendParams("x", false))
	jsonrpcCall(t, c, f.Peer("A"), wire.MethodGetTask, map[string]any{"id": "task-1"})
	addrs := []string{f.Peer("A").listener.Addr().String(), f.Peer("B").listener.Addr().String()}

	if err := f.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if err := f.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
	c.Transport.(*http.Transport).CloseIdleConnections()
	for _, addr := range addrs {
		if conn, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			conn.Close()
			t.Errorf("%s still accepts connections", addr)
		}
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("temporary directory %s survived Close: %v", dir, err)
	}
	// The client's own connection goroutines end asynchronously once
	// its idle connections are closed; the farm's must be gone already.
	deadline := time.Now().Add(hostileWait)
	for left := farmGoroutines(before); left != ""; left = farmGoroutines(before) {
		if time.Now().After(deadline) {
			t.Fatalf("goroutines left running after Close:\n%s", left)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestContextEndClosesFarm(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	f, err := Start(ctx, FarmSpec{Dir: t.TempDir(), Peers: []PeerSpec{{Name: "A", Cards: []CardFunc{testCard("A")}}}})
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	addr := f.Peer("A").listener.Addr().String()
	cancel()
	waitFor(t, "the farm to close", func() bool {
		conn, err := net.DialTimeout("tcp", addr, time.Second)
		if err == nil {
			conn.Close()
		}
		return err != nil
	})
}

func TestPeersHaveOwnOriginsAndIdentities(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{
		{Name: "A", Cards: []CardFunc{testCard("A")}},
		{Name: "B", Host: "127.0.0.2", Cards: []CardFunc{testCard("B")}},
		{Name: "B2", Host: "127.0.0.3", Identity: "B", Cards: []CardFunc{testCard("B2")}},
	}})
	a, b, b2 := f.Peer("A"), f.Peer("B"), f.Peer("B2")
	if !strings.HasPrefix(a.Origin(), "https://127.0.0.1:") || !strings.HasPrefix(b.Origin(), "https://127.0.0.2:") || a.Origin() == b.Origin() {
		t.Fatalf("origins %s and %s", a.Origin(), b.Origin())
	}
	if f.Origins()("B") != b.Origin() || f.Origins()("nobody") != "" || len(f.Peers()) != 3 || f.Peer("nobody") != nil {
		t.Error("Origins/Peers/Peer disagree with the peers")
	}
	// The card built for B names B's final origin.
	if !bytes.Contains(b.CardBytes(0), []byte(JSONRPCURL(b.Origin()))) {
		t.Errorf("B's card lacks its own origin: %s", b.CardBytes(0))
	}
	pool := farmRoots(f)
	leaf := func(p *Peer) *x509.Certificate {
		host := strings.TrimPrefix(p.Origin(), "https://")
		conn, err := tls.Dial("tcp", host, &tls.Config{RootCAs: pool}) // verifies the IP SAN
		if err != nil {
			t.Fatalf("TLS to %s: %v", p.Name(), err)
		}
		defer conn.Close()
		return conn.ConnectionState().PeerCertificates[0]
	}
	ca, cb, cb2 := leaf(a), leaf(b), leaf(b2)
	if ca.Subject.CommonName != "A" || cb.Subject.CommonName != "B" || ca.Equal(cb) {
		t.Errorf("identities: A=%q B=%q", ca.Subject.CommonName, cb.Subject.CommonName)
	}
	if !cb.Equal(cb2) {
		t.Error("peers sharing an identity present different certificates")
	}
	// localhost works for every peer too.
	port := b.Origin()[strings.LastIndex(b.Origin(), ":")+1:]
	conn, err := tls.Dial("tcp", "127.0.0.2:"+port, &tls.Config{RootCAs: pool, ServerName: "localhost"})
	if err != nil {
		t.Fatalf("DNS SAN localhost: %v", err)
	}
	conn.Close()
}

func TestCredentials(t *testing.T) {
	f := startFarm(t, FarmSpec{Peers: []PeerSpec{{Name: "A", Cards: []CardFunc{testCard("A")}}}})
	if got := f.Credentials(Grants{}); got != (grant.Credentials{}) {
		t.Errorf("nothing granted, got %+v", got)
	}
	c := f.Credentials(Grants{Bearer: true, ClientCert: true})
	if c.BearerToken == "" || c.OAuthClientID != "" || c.OAuthClientSecret != "" || c.APIKey != "" || c.ClientCertFile == "" {
		t.Errorf("bearer and cert granted, got %+v", c)
	}
	all := f.Credentials(Grants{OAuth: true, Bearer: true, APIKey: true, ClientCert: true})
	if all.OAuthClientID == "" || all.OAuthClientSecret == "" || all.APIKey == "" || all.BearerToken == all.APIKey {
		t.Errorf("all granted, got %+v", all)
	}
	info, err := os.Stat(all.ClientKeyFile)
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("client key file: %v mode %v", err, info.Mode())
	}
	pair, err := tls.LoadX509KeyPair(all.ClientCertFile, all.ClientKeyFile)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(pair.Certificate[0])
	if cert.Subject.CommonName != ClientCertCN {
		t.Errorf("client certificate CN %q", cert.Subject.CommonName)
	}
	if pem, _ := os.ReadFile(f.CAFile()); !bytes.Equal(pem, f.CAPEM()) {
		t.Error("CAFile and CAPEM differ")
	}
}

func TestPlainHTTP(t *testing.T) {
	f := startFarm(t, FarmSpec{PlainHTTP: true, Peers: []PeerSpec{{Name: "A", Addr: "127.0.0.1:0", Cards: []CardFunc{testCard("A")}}}})
	p := f.Peer("A")
	if !strings.HasPrefix(p.Origin(), "http://127.0.0.1:") || f.CAFile() != "" {
		t.Fatalf("origin %s CA %q", p.Origin(), f.CAFile())
	}
	resp, body := do(t, &http.Client{Timeout: 5 * time.Second}, http.MethodGet, p.CardURL(), "", nil)
	if resp.StatusCode != http.StatusOK || !bytes.Equal(body, p.CardBytes(0)) {
		t.Errorf("plain GET card: %d", resp.StatusCode)
	}
}

// A start that fails at its third listener (its port is taken) closes the
// two it opened: a farm stopped by a system limit leaks nothing.
func TestFailedStartClosesWhatItOpened(t *testing.T) {
	fds := func() int {
		entries, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd to count descriptors")
		}
		return len(entries)
	}
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	card := []CardFunc{testCard("A")}
	before, goroutines := fds(), goroutineIDs()
	_, err = Start(context.Background(), FarmSpec{Dir: t.TempDir(), Peers: []PeerSpec{
		{Name: "A", Cards: card}, {Name: "B", Cards: card}, {Name: "C", Cards: card, Addr: taken.Addr().String()},
	}})
	if err == nil || !errors.Is(err, syscall.EADDRINUSE) || !strings.Contains(err.Error(), `peer "C": listen on`) {
		t.Fatalf("Start: %v, want peer C's listen error wrapping EADDRINUSE", err)
	}
	if after := fds(); after > before {
		t.Errorf("%d descriptors open before the failed start, %d after", before, after)
	}
	if left := farmGoroutines(goroutines); left != "" {
		t.Errorf("the failed start left goroutines running:\n%s", left)
	}
}

// farmGoroutines returns the stacks of goroutines not in before that the
// farm or an HTTP connection (the farm's or the test client's) created.
func farmGoroutines(before map[string]string) string {
	var left []string
	for id, stack := range goroutineIDs() {
		_, old := before[id]
		if !old && (strings.Contains(stack, "created by github.com/a2a-conform/a2a-conform/") || strings.Contains(stack, "created by net/http.")) {
			left = append(left, stack)
		}
	}
	return strings.Join(left, "\n\n")
}

// goroutineIDs maps each running goroutine's header line to its stack. A
// leak is a new goroutine the farm created: counting them all would blame
// the farm for a timer of an earlier test that fires mid-check.
func goroutineIDs() map[string]string {
	buf := make([]byte, 1<<20)
	all := map[string]string{}
	for _, stack := range strings.Split(string(buf[:runtime.Stack(buf, true)]), "\n\n") {
		header, _, _ := strings.Cut(stack, "[")
		all[header] = stack
	}
	return all
}

// A Start context done while the farm starts (a run abandoning a slow
// start) closes the farm without racing Start's own bookkeeping.
func TestStartContextDoneDuringStart(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	build := testCard("A")
	card := func(o Origins) wire.AgentCard { cancel(); return build(o) }
	f, err := Start(ctx, FarmSpec{Dir: t.TempDir(), Peers: []PeerSpec{{Name: "A", Cards: []CardFunc{card}}}})
	if err != nil {
		t.Fatal(err)
	}
	for closed := false; !closed; time.Sleep(time.Millisecond) {
		f.gate.Lock()
		closed = f.closed
		f.gate.Unlock()
	}
}
