package builtin

import (
	"bufio"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// FloodRequests is how many card requests the flood client sends in a
// session: one more than a scenario's journal keeps whole (1,000), the
// least that fails GEN-005 in every scenario.
const FloodRequests = 1001

// floodedFile marks, in the state directory, a session already flooded.
const floodedFile = "flooded"

// flood is adversarial (gallery.go): the reference, which once per session
// first drowns the card's peer in FloodRequests card requests, as a client
// stuck in a retry loop would. The journal keeps the first exchanges whole
// and only counts the rest, so whatever the client did later would go
// unjudged.
//
// The flood is bounded by its count, never by the clock, so that its
// verdicts are the same on any machine: it floods in the session's first
// task whose card URL answers (an impostor's refused handshake ends that
// task's flood at its first request, as a loop on errors would back off),
// with requests that cost the least a journaled exchange can (floodCard),
// so that the whole flood takes a small part of the task's deadline even
// on a loaded machine. The task then runs as the reference's. A session
// in one-shot mode remembers that it flooded in its state directory.
func flood() task {
	flooded := false // without a state directory
	return func(ctx context.Context, a driver.Assignment) driver.Outcome {
		done, err := floodedBefore(a.StateDir, flooded)
		if err != nil {
			return refclient.OutcomeOf(refclient.Result{}, err)
		}
		sent := 0
		if !done {
			if sent, err = floodCard(ctx, a); err != nil {
				return refclient.OutcomeOf(refclient.Result{}, err)
			}
			if sent == FloodRequests {
				flooded = true
				if err := markFlooded(a.StateDir); err != nil {
					return refclient.OutcomeOf(refclient.Result{}, err)
				}
			}
		}
		out := refclient.Run(ctx, a)
		out.Detail = fmt.Sprintf("builtin: %s: adversarial: %d card requests answered first; %s", Flood, sent, out.Detail)
		return out
	}
}

// floodCard asks the card URL for the card's headers FloodRequests times
// and returns how many were answered: HEAD requests (no body to send,
// serve or parse), pipelined on one HTTP/1.1 connection, so that the flood
// costs what a thousand journaled exchanges cost the peer, and next to
// nothing more (half the CPU of the same flood through an http.Client,
// measured under the race detector). The first request goes alone: if it
// gets no answer (a refused handshake, say), the flood is left for a later
// task.
func floodCard(ctx context.Context, a driver.Assignment) (int, error) {
	u, err := url.Parse(a.CardURL)
	if err != nil || u.Host == "" {
		return 0, fmt.Errorf("builtin: %s: %w: card URL %q", Flood, refclient.ErrConfig, a.CardURL)
	}
	tlsConf, err := floodTLS(u, a.CAFile)
	if err != nil {
		return 0, err
	}
	conn, err := dialFlood(ctx, u, tlsConf)
	if err != nil {
		return 0, nil // no answer: no flood in this task
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { conn.Close() })
	defer stop()

	request := "HEAD " + u.RequestURI() + " HTTP/1.1\r\nHost: " + u.Host + "\r\nUser-Agent: a2a-conform-flood\r\n\r\n"
	answers := bufio.NewReader(conn)
	if _, err := io.WriteString(conn, request); err != nil || !readAnswer(answers) {
		return 0, nil
	}
	written := make(chan struct{})
	go func() {
		defer close(written)
		_, _ = io.WriteString(conn, strings.Repeat(request, FloodRequests-1))
	}()
	answered := 1
	for answered < FloodRequests && readAnswer(answers) {
		answered++
	}
	conn.Close() // ends the write too, had the peer stopped reading
	<-written
	return answered, nil
}

// readAnswer reads one answer to a HEAD request.
func readAnswer(r *bufio.Reader) bool {
	resp, err := http.ReadResponse(r, &http.Request{Method: http.MethodHead})
	if err != nil {
		return false
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.Body.Close() == nil
}

// floodTLS is the flood's TLS configuration, trusting the run's CA and
// speaking HTTP/1.1; nil for a plain http card URL.
func floodTLS(u *url.URL, caFile string) (*tls.Config, error) {
	if u.Scheme != "https" {
		return nil, nil
	}
	var roots *x509.CertPool // "": the system's
	if caFile != "" {
		pem, err := os.ReadFile(caFile)
		if err != nil {
			return nil, fmt.Errorf("builtin: %s: %w: trust root: %w", Flood, refclient.ErrConfig, err)
		}
		if roots = x509.NewCertPool(); !roots.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("builtin: %s: %w: trust root %s holds no PEM certificate", Flood, refclient.ErrConfig, caFile)
		}
	}
	return &tls.Config{RootCAs: roots, ServerName: u.Hostname(), MinVersion: tls.VersionTLS12, NextProtos: []string{"http/1.1"}}, nil
}

// dialFlood connects to the card URL's origin, with TLS when tlsConf is
// not nil.
func dialFlood(ctx context.Context, u *url.URL, tlsConf *tls.Config) (net.Conn, error) {
	if tlsConf == nil {
		var d net.Dialer
		return d.DialContext(ctx, "tcp", hostPort(u, "80"))
	}
	d := tls.Dialer{Config: tlsConf}
	return d.DialContext(ctx, "tcp", hostPort(u, "443"))
}

// hostPort is u's host and port, the port defaulting to port.
func hostPort(u *url.URL, port string) string {
	if u.Port() != "" {
		return u.Host
	}
	return net.JoinHostPort(u.Hostname(), port)
}

func floodedBefore(dir string, inMemory bool) (bool, error) {
	if dir == "" {
		return inMemory, nil
	}
	_, err := os.Stat(filepath.Join(dir, floodedFile))
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, fs.ErrNotExist):
		return false, nil
	}
	return false, fmt.Errorf("builtin: %s: %w: %w", Flood, refclient.ErrConfig, err)
}

func markFlooded(dir string) error {
	if dir == "" {
		return nil
	}
	if err := os.WriteFile(filepath.Join(dir, floodedFile), nil, 0o600); err != nil {
		return fmt.Errorf("builtin: %s: %w: %w", Flood, refclient.ErrConfig, err)
	}
	return nil
}
