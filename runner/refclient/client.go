package refclient

import (
	"crypto/tls"
	"crypto/x509"
	"fmt"
	"google.golang.org/grpc"
	"net/http"
	"net/url"
	"os"
	"sync"
	"time"

	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/go-jose/go-jose/v4"
)

// DefaultPollInterval is the pause between two GetTask calls. It is short
// because the mock peers advance tasks per poll, not per second; a client
// talking to real agents would back off.
const DefaultPollInterval = 5 * time.Millisecond

// Config is everything a Client needs. Only CardURL and Skill are required.
type Config struct {
	// CardURL is the agent card URL (usually the well-known one).
	CardURL string
	// Skill is the id of the skill to delegate to.
	Skill string
	// CAFile, if set, is a PEM bundle that is the only trust root; "" means
	// the system roots.
	CAFile string
	// Credentials the client holds; empty fields are not held.
	Credentials driver.Credentials
	// SignatureAlgorithms is the alg allow-list of card signatures; nil
	// means DefaultSignatureAlgorithms.
	SignatureAlgorithms []string
	// PollInterval, if non-zero, replaces DefaultPollInterval.
	PollInterval time.Duration
	// SendMode is how tasks are sent and followed (mode.go); "" is Poll.
	SendMode SendMode
	// Binding, if not "", is the binding to prefer (ParseBinding): the
	// first interface of that binding the client may use, in card order,
	// when the card offers one; otherwise, and when "", the first interface
	// the client may use in card order (spec §8.3.2).
	Binding string
	// Now, if non-nil, is the clock that stamps Card.FetchedAt.
	Now func() time.Time

	// UnsafeDecisions replaces decisions of the contract model; its zero
	// value keeps every decision of the reference. See Decisions.
	UnsafeDecisions Decisions
	// UnsafeA2ATransport, if non-nil, wraps the transport of every A2A
	// request (not of card, key or token requests), which may then go on
	// the wire otherwise than the reference sends it.
	UnsafeA2ATransport func(http.RoundTripper) http.RoundTripper
	// UnsafeGRPCOptions, if non-nil, are dial options (interceptors) added
	// to every gRPC connection: UnsafeA2ATransport's counterpart for the
	// gRPC binding.
	UnsafeGRPCOptions []grpc.DialOption
	// UnsafeRevalidation, if non-nil, edits the conditional headers
	// (If-None-Match, If-Modified-Since) of every card revalidation before
	// it is sent.
	UnsafeRevalidation func(http.Header)
	// UnsafeTLS, if non-nil, edits every TLS configuration the client
	// makes (for cards, keys, tokens, A2A requests, gRPC and principal
	// checks) once the reference has set it up: it may, say, stop
	// verifying the server.
	UnsafeTLS func(*tls.Config)
}

// Client delegates tasks to one agent through its card. It is safe for
// use by one task at a time; Close releases its connections.
type Client struct {
	cfg       Config
	cardURL   *url.URL
	decide    Decisions // every field set
	authority authority
	roots     *x509.CertPool
	cert      *tls.Certificate // nil unless a client certificate is held
	// public fetches cards and tokens; it never presents a client
	// certificate.
	public *http.Client

	sigAlgs []string

	mu         sync.Mutex
	card       *Card // held from the last task, for the next (Delegate)
	transports []*http.Transport
	grpcConns  []*grpcBinding
	jwks       map[string]jose.JSONWebKeySet // by URL, fetched once a task
	// tokenEnds is when each access token FetchToken obtained ends its
	// life, by the expires_in it was granted with (none: no entry).
	tokenEnds map[string]time.Time
}

// New checks cfg and loads its trust root and client certificate.
func New(cfg Config) (*Client, error) {
	u, err := url.Parse(cfg.CardURL)
	if err != nil || !u.IsAbs() || (u.Scheme != "https" && u.Scheme != "http") {
		return nil, fmt.Errorf("%w: card URL %q is not an absolute http(s) URL", ErrConfig, cfg.CardURL)
	}
	if cfg.Skill == "" {
		return nil, fmt.Errorf("%w: no skill given", ErrConfig)
	}
	if cfg.SendMode, err = ParseSendMode(string(cfg.SendMode)); err != nil {
		return nil, err
	}
	if cfg.Binding, err = ParseBinding(cfg.Binding); err != nil {
		return nil, err
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = DefaultPollInterval
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	c := &Client{cfg: cfg, cardURL: u, decide: cfg.UnsafeDecisions.orReference(), jwks: map[string]jose.JSONWebKeySet{}}
	c.sigAlgs = cfg.SignatureAlgorithms
	if c.sigAlgs == nil {
		c.sigAlgs = DefaultSignatureAlgorithms
	}
	c.authority = signedAuthority{c}
	if cfg.CAFile != "" {
		pem, err := os.ReadFile(cfg.CAFile)
		if err != nil {
			return nil, fmt.Errorf("%w: trust root: %w", ErrConfig, err)
		}
		c.roots = x509.NewCertPool()
		if !c.roots.AppendCertsFromPEM(pem) {
			return nil, fmt.Errorf("%w: trust root %s holds no PEM certificate", ErrConfig, cfg.CAFile)
		}
	}
	if cr := cfg.Credentials; cr.ClientCertFile != "" || cr.ClientKeyFile != "" {
		cert, err := tls.LoadX509KeyPair(cr.ClientCertFile, cr.ClientKeyFile)
		if err != nil {
			return nil, fmt.Errorf("%w: client certificate: %w", ErrConfig, err)
		}
		c.cert = &cert
	}
	c.public = c.httpClient(nil, "")
	return c, nil
}

// Close releases idle connections.
func (c *Client) Close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, t := range c.transports {
		t.CloseIdleConnections()
	}
	for _, g := range c.grpcConns {
		g.close()
	}
	c.grpcConns = nil
}

// httpClient builds a client trusting only the configured roots,
// presenting cert when non-nil, talking only to servers presenting pin
// when non-empty, following redirects the origin gate lets through.
func (c *Client) httpClient(cert *tls.Certificate, pin Principal) *http.Client {
	tlsConf := c.tlsConfig(cert, pin)
	t := &http.Transport{
		Proxy:             http.ProxyFromEnvironment,
		TLSClientConfig:   tlsConf,
		ForceAttemptHTTP2: true,
	}
	c.mu.Lock()
	c.transports = append(c.transports, t)
	c.mu.Unlock()
	return &http.Client{Transport: t, CheckRedirect: c.checkRedirect}
}

// tlsConfig trusts only the configured roots, presents cert when non-nil
// and accepts only servers presenting pin when non-empty.
func (c *Client) tlsConfig(cert *tls.Certificate, pin Principal) *tls.Config {
	tlsConf := &tls.Config{RootCAs: c.roots, MinVersion: tls.VersionTLS12}
	if cert != nil {
		tlsConf.Certificates = []tls.Certificate{*cert}
	}
	if pin != "" {
		tlsConf.VerifyConnection = pinTo(pin)
	}
	if c.cfg.UnsafeTLS != nil {
		c.cfg.UnsafeTLS(tlsConf)
	}
	return tlsConf
}

// Skill is the id of the skill the client delegates to.
func (c *Client) Skill() string { return c.cfg.Skill }
