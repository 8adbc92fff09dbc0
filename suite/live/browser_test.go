package live

import (
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"

	"github.com/a2a-conform/a2a-conform/suite/internal/browsertest"
)

// exchangeToDOM is the most an exchange may take to show in the page.
const exchangeToDOM = time.Second

// The live view as a person sees it, in headless Chromium: opened with the
// key, it drops the key from the address and draws one arrow per exchange
// within a second of it, for a real A2A client's card fetch, token
// request and send; its rotate button puts v1 in force, which the page
// and the diagram's change marker show; no console error; a screenshot is
// kept as live.png; then a flood of 2000 exchanges, which the page keeps
// up with.
func TestLiveViewInTheBrowser(t *testing.T) {
	farm, v, c := startView(t)
	b := startBrowser(t, "--window-size=1400,1500", "--ignore-certificate-errors-spki-list="+adminSPKI(t, farm))
	b.must(b.call("Page.navigate", map[string]any{"url": v.URL()}, nil))
	b.until(`document.getElementById("status").textContent === "live" && document.querySelector("#diagram svg") !== null`, 20*time.Second)
	var href, html string
	b.must(b.eval(`location.href`, &href))
	b.must(b.eval(`document.documentElement.outerHTML`, &html))
	if href != farm.AdminURL()+Path {
		t.Errorf("page at %s, want %s: the key leaves the address", href, farm.AdminURL()+Path)
	}
	if strings.Contains(html, farm.AdminSecret()) {
		t.Error("the page holds the admin secret")
	}

	client := a2aClient{t: t, farm: farm, c: c}
	var took []time.Duration
	for i, exchange := range []func(){client.fetchCard, client.getToken, client.send} {
		exchange()
		began := time.Now() // the client has its answer: the exchange is done
		b.until(fmt.Sprintf(`document.querySelectorAll("#diagram g.ex").length === %d`, i+1), exchangeToDOM)
		took = append(took, time.Since(began))
	}
	t.Logf("exchange to its arrow in the DOM: %v", took)

	began := time.Now()
	b.must(b.eval(`document.querySelector('button.rotate[data-peer="A"][data-to="1"]').click()`, nil))
	b.until(`document.querySelector('[data-version-of="A"]').textContent === "v1" &&
		document.getElementById("result").textContent.includes("→ 200") &&
		document.querySelector('button.rotate[data-peer="A"][data-to="1"]').classList.contains("in-force") &&
		Array.from(document.querySelectorAll("#diagram g.marker.change")).some(function (g) { return g.textContent.includes("card v1 in force (was v0): the contract changed"); }) &&
		document.querySelectorAll("#diagram g.ex").length === 4`, exchangeToDOM)
	t.Logf("rotate click to version and change marker in the DOM: %v", time.Since(began))
	if farm.Peers()[0].Version() != 1 || farm.Journal().Len() != 4 {
		t.Errorf("after the click: version %d, %d exchanges; want 1 and 4", farm.Peers()[0].Version(), farm.Journal().Len())
	}
	client.fetchCard()
	b.until(`document.querySelectorAll("#diagram g.ex").length === 5 && document.getElementById("diagram").textContent.includes("serves v1")`, exchangeToDOM)

	// The certificate switches, there and back.
	b.must(b.eval(`document.querySelector('button.impostor[data-peer="A"]').click()`, nil))
	b.until(`document.querySelector('[data-certificate-of="A"]').textContent === "impostor" &&
		document.getElementById("result").textContent.includes("impostor A → 200")`, exchangeToDOM)
	if !farm.Peers()[0].Impostor() {
		t.Error("after the impostor click, A presents its genuine certificate")
	}
	// A client that refuses the impostor's certificate, and one that
	// connects and hangs up: each drawn as what it is, never as a request.
	refuseImpostor(t, farm)
	hangUp(t, farm)
	b.until(`Array.from(document.querySelectorAll("#diagram g.ex.tls-refused")).some(function (g) { return g.textContent.includes("TLS refused: the impostor's certificate"); }) &&
		document.querySelectorAll("#diagram g.ex.hang-up").length > 0`, 5*exchangeToDOM)
	b.must(b.eval(`document.querySelector('button.genuine[data-peer="A"]').click()`, nil))
	b.until(`document.querySelector('[data-certificate-of="A"]').textContent === "genuine"`, exchangeToDOM)

	if problems := b.pageProblems(); len(problems) > 0 {
		t.Errorf("page problems:\n%s", strings.Join(problems, "\n"))
	}
	var admin struct{ Arrows, Operator bool }
	b.must(b.eval(`({arrows: document.querySelectorAll("#diagram g.ex.admin").length >= 3,
		operator: Array.from(document.querySelectorAll("#diagram .lane-name")).some(function (t) { return t.textContent === "operator"; })})`, &admin))
	if !admin.Arrows || !admin.Operator {
		t.Errorf("the admin calls are not drawn from an operator lane: %+v", admin)
	}
	var measured string
	b.must(b.eval(browsertest.LayoutJS, &measured))
	layout, err := browsertest.ParseLayout(measured)
	if err != nil {
		t.Fatal(err)
	}
	browsertest.CheckLayout(t, layout, 1)
	b.screenshot("live.png")

	// A flood: the page keeps up, drawing the newest state, and answers.
	flood(t, farm, c, 2000, 8)
	all := farm.Journal().All()
	began = time.Now()
	b.until(fmt.Sprintf(`document.getElementById("diagram").dataset.seq === "%d"`, all[len(all)-1].Seq), 2*exchangeToDOM)
	t.Logf("end of a flood of 2000 exchanges to its last one in the DOM: %v", time.Since(began))
	if problems := b.pageProblems(); len(problems) > 0 {
		t.Errorf("page problems after the flood:\n%s", strings.Join(problems, "\n"))
	}
}

// until waits, in the page, for a JavaScript condition to hold, re-checked
// on every change of the DOM, at most within.
func (b *browser) until(cond string, within time.Duration) {
	b.t.Helper()
	js := fmt.Sprintf(`new Promise(function (resolve, reject) {
  function ok() { try { return !!(%s); } catch (e) { return false; } }
  if (ok()) { resolve(true); return; }
  var mo = new MutationObserver(function () { if (ok()) { mo.disconnect(); clearTimeout(timer); resolve(true); } });
  mo.observe(document, {childList: true, subtree: true, characterData: true, attributes: true});
  var timer = setTimeout(function () {
    mo.disconnect();
    reject(new Error("not within %d ms; diagram has " + document.querySelectorAll("#diagram g.ex").length + " arrows; status " +
      (document.getElementById("status") || {}).textContent + "; result " + (document.getElementById("result") || {}).textContent));
  }, %d);
})`, cond, within.Milliseconds(), within.Milliseconds())
	if err := b.eval(js, nil); err != nil {
		b.t.Fatalf("page: %s\n%v", cond, err)
	}
}

// screenshot keeps a PNG of the page in the test's folder and, if
// A2A_CONFORM_ARTIFACTS is set, there.
func (b *browser) screenshot(name string) {
	b.t.Helper()
	var shot struct{ Data string }
	b.must(b.call("Page.captureScreenshot", map[string]any{"format": "png"}, &shot))
	png, err := base64.StdEncoding.DecodeString(shot.Data)
	if err != nil || len(png) == 0 {
		b.t.Fatalf("no screenshot: %v", err)
	}
	if err := os.WriteFile(filepath.Join(b.t.TempDir(), name), png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	browsertest.KeepArtifact(b.t, name, png)
}

// adminSPKI is the base64 SHA-256 of the admin listener's public key:
// Chromium trusts that key alone (--ignore-certificate-errors-spki-list),
// not any certificate.
func adminSPKI(t *testing.T, farm *mockpeer.Farm) string {
	t.Helper()
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(farm.CAPEM())
	conn, err := tls.Dial("tcp", strings.TrimPrefix(farm.AdminURL(), "https://"), &tls.Config{RootCAs: pool})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sum := sha256.Sum256(conn.ConnectionState().PeerCertificates[0].RawSubjectPublicKeyInfo)
	return base64.StdEncoding.EncodeToString(sum[:])
}

// a2aClient makes the requests of an A2A client that holds the scenario's
// oauth2 credentials: the card, a token, a send.
type a2aClient struct {
	t     *testing.T
	farm  *mockpeer.Farm
	c     *http.Client
	token string
}

func (a *a2aClient) fetchCard() {
	a.t.Helper()
	a.do(http.MethodGet, a.farm.Peers()[0].CardURL(), "", nil)
}

func (a *a2aClient) getToken() {
	a.t.Helper()
	creds := a.farm.Credentials(mockpeer.Grants{OAuth: true})
	body := a.do(http.MethodPost, mockpeer.TokenURL(a.farm.Peers()[0].Origin()), url.Values{"grant_type": {"client_credentials"}}.Encode(),
		map[string]string{"Content-Type": "application/x-www-form-urlencoded",
			"Authorization": "Basic " + base64.StdEncoding.EncodeToString([]byte(creds.OAuthClientID+":"+creds.OAuthClientSecret))})
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.Unmarshal(body, &tok); err != nil || tok.AccessToken == "" {
		a.t.Fatalf("token: %s %v", body, err)
	}
	a.token = tok.AccessToken
}

func (a *a2aClient) send() {
	a.t.Helper()
	body := a.do(http.MethodPost, mockpeer.JSONRPCURL(a.farm.Peers()[0].Origin()),
		`{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m-1","role":"ROLE_USER","parts":[{"text":"Summarize the attached document."}]},"configuration":{"returnImmediately":true}}}`,
		map[string]string{"Content-Type": "application/json", "A2A-Version": "1.0", "Authorization": "Bearer " + a.token})
	if !strings.Contains(string(body), `"result"`) {
		a.t.Fatalf("send: %s", body)
	}
}

func (a *a2aClient) do(method, url, body string, header map[string]string) []byte {
	a.t.Helper()
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		a.t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := a.c.Do(req)
	if err != nil {
		a.t.Fatal(err)
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		a.t.Fatalf("%s %s: %d %s", method, url, resp.StatusCode, out)
	}
	return out
}

// refuseImpostor is a client that trusts only the farm's CA meeting A's
// impostor certificate: it refuses the handshake.
func refuseImpostor(t *testing.T, farm *mockpeer.Farm) {
	t.Helper()
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(farm.CAPEM())
	host := strings.TrimPrefix(farm.Peers()[0].Origin(), "https://")
	conn, err := tls.Dial("tcp", host, &tls.Config{RootCAs: pool})
	if err == nil {
		conn.Close()
		t.Fatal("a client trusting the farm's CA accepted the impostor's certificate")
	}
}

// hangUp connects to A and closes without sending a byte.
func hangUp(t *testing.T, farm *mockpeer.Farm) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(farm.Peers()[0].Origin(), "https://"))
	if err != nil {
		t.Fatal(err)
	}
	conn.Close()
}
