package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/live"
)

// peerCmd starts a scenario's peers standalone, for demos and debugging:
// point any client at the printed card URL and watch the journal.
func peerCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("peer", "--scenario ID [flags]", "Starts a scenario's mock peers standalone (demos, debugging): point any client at the printed card URL and watch the journal.", stderr)
	id := fs.String("scenario", "", "scenario `ID` whose peers to start (see a2a-conform list)")
	plain := fs.Bool("http", false, "serve plain http:// instead of https:// (demos only)")
	addr := fs.String("addr", "", "`HOST:PORT` for the peer whose card the client is given (default: an ephemeral port)")
	standalone := addStandaloneFlags(fs, "")
	bindings := addBindingsFlag(fs)
	if code, done := parse(fs, args); done {
		return code
	}
	if fs.NArg() > 0 {
		return usageError(stderr, fmt.Errorf("peer: unexpected argument %q", fs.Arg(0)))
	}
	if err := standalone.check("peer"); err != nil {
		return usageError(stderr, err)
	}
	collectLessOften()
	offered, err := parseBindings(*bindings)
	if err != nil {
		return usageError(stderr, err)
	}
	if *id == "" {
		fmt.Fprintln(stderr, "a2a-conform peer: --scenario is required; scenarios:")
		for _, sc := range scenarios.Catalog() {
			fmt.Fprintf(stderr, "  %-32s %s\n", sc.ID, sc.Title)
		}
		return 2
	}
	sc, err := scenarios.Lookup(*id)
	if err != nil {
		return usageError(stderr, err)
	}
	spec := sc.FarmSpec()
	spec.PlainHTTP = *plain
	standalone.apply(&spec)
	if offered != nil {
		engine.OfferBindings(&spec, offered)
	}
	if *addr != "" {
		spec.Peers[sc.CardPeerIndex()].Addr = *addr
	}
	printer := newJournalPrinter()
	spec.OnExchange = printer.offer
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	farm, err := mockpeer.Start(ctx, spec)
	if err != nil {
		return usageError(stderr, err)
	}
	defer farm.Close()
	view, err := live.Mount(ctx, farm, live.Scenario{
		ID: sc.ID, Title: sc.Title, Description: sc.Description,
		CardPeer: sc.CardPeerName(), Skill: sc.Skill, Message: sc.Message,
	})
	if err != nil {
		fmt.Fprintf(stderr, "a2a-conform peer: %v\n", err)
		return 2
	}
	printPeerBanner(stdout, sc, farm, view.URL())
	printer.run(ctx, stdout)
	fmt.Fprintln(stdout, "a2a-conform peer: stopping")
	return 0
}

func printPeerBanner(w io.Writer, sc *scenarios.Scenario, farm *mockpeer.Farm, liveURL string) {
	fmt.Fprintf(w, "a2a-conform peer: scenario %s — %s\n", sc.ID, sc.Title)
	for _, p := range farm.Peers() {
		fmt.Fprintf(w, "  peer %s  card %s\n", p.Name(), p.CardURL())
	}
	fmt.Fprintf(w, "  admin API %s%s{%s}?peer=NAME\n", farm.AdminURL(), mockpeer.AdminPrefix, adminCalls(farm, "rotate?to=N"))
	fmt.Fprintf(w, "  admin secret (header Authorization: Bearer SECRET): %s\n", farm.AdminSecret())
	fmt.Fprintf(w, "  live view (open in a browser; its key is the secret above): %s\n", liveURL)
	fmt.Fprintf(w, "  client card URL: %s\n", farm.Peers()[sc.CardPeerIndex()].CardURL())
	fmt.Fprintf(w, "  skill: %s   message: %q\n", sc.Skill, sc.Message)
	if f := farm.CAFile(); f != "" {
		fmt.Fprintf(w, "  CA file: %s   (export SSL_CERT_FILE / NODE_EXTRA_CA_CERTS to it)\n", f)
	}
	c := farm.Credentials(sc.Grants)
	// Standalone demo peers print the credentials a client may use: they are
	// generated for this process only and die with it.
	for _, kv := range [][2]string{
		{"A2A_CONFORM_OAUTH_CLIENT_ID", c.OAuthClientID}, {"A2A_CONFORM_OAUTH_CLIENT_SECRET", c.OAuthClientSecret},
		{"A2A_CONFORM_BEARER_TOKEN", c.BearerToken}, {"A2A_CONFORM_API_KEY", c.APIKey},
		{"A2A_CONFORM_CLIENT_CERT_FILE", c.ClientCertFile}, {"A2A_CONFORM_CLIENT_KEY_FILE", c.ClientKeyFile},
	} {
		if kv[1] != "" {
			fmt.Fprintf(w, "  %s=%s\n", kv[0], kv[1])
		}
	}
	fmt.Fprintln(w, "journal (one line per exchange; Ctrl-C to stop):")
}

// adminCalls lists the admin API's calls for a banner; the certificate
// switches only over TLS, since a plain-HTTP peer refuses them.
func adminCalls(farm *mockpeer.Farm, rotate string) string {
	calls := "journal,card," + rotate + ",reset"
	if farm.CAFile() != "" {
		calls += ",impostor,genuine"
	}
	return calls
}

// peerGCPercent is the collector's target for a standalone peer: its live
// heap is small (one scenario's peers, a journal of pointer-free records),
// so the default collects every few hundred requests and is the largest
// share of its CPU per request (docs/performance.md); four times the
// default costs some 20 MB of resident memory. Farms keep the default:
// 10 000 peers would grow the heap fivefold.
const peerGCPercent = 400

// collectLessOften sets peerGCPercent, unless GOGC says otherwise.
func collectLessOften() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(peerGCPercent)
	}
}
