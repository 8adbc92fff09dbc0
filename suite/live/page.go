package live

import (
	"bytes"
	"crypto/rand"
	"embed"
	"encoding/base64"
	"fmt"
	"html/template"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

//go:embed page.tmpl
var pageFS embed.FS

var pageTmpl = template.Must(template.New("page.tmpl").ParseFS(pageFS, "page.tmpl"))

// reportStyle is report.html's stylesheet: the diagram looks the same.
var reportStyle = func() template.HTML {
	var b strings.Builder
	if err := report.WriteStyle(&b); err != nil {
		panic(err) // an embedded template that cannot execute is a build fault
	}
	return template.HTML(b.String())
}()

type pageData struct {
	S          Scenario
	Peers      []peerView
	Versions   map[string]int
	ClientCard string
	EventsURL  string
	Farm       *farmData // nil for a farm of one copy: `peer`'s page
	RotatePath string
	ResetPath  string
	// ImpostorPath and GenuinePath switch a peer's certificate; "" on
	// plain HTTP, where there is none.
	ImpostorPath, GenuinePath string
	Certificates              map[string]string
	ReportStyle               template.HTML
	Nonce                     string
}

// farmData is what the page shows of a farm of several copies, above the
// copy it draws: a control per copy and per version for every peer, never
// one per peer.
type farmData struct {
	Copy   string // the copy drawn
	Copies []Copy
	// Versions are the card versions every peer has, each a button that
	// puts it in force on every peer.
	Versions []int
}

// servePage serves the page of the copy ?copy= names (by default the
// first), self-contained: its policy lets it load
// nothing and talk to nothing but the admin listener, and be framed by no
// one. It never holds the admin secret: the session cookie authenticates
// everything it does.
func (v *View) servePage(w http.ResponseWriter, r *http.Request) {
	name, given := r.URL.Query().Get("copy"), r.URL.Query().Has("copy")
	c, ok := v.copyIndex(name, given)
	if !ok {
		http.Error(w, "live view: "+v.noSuchCopy(name), http.StatusNotFound)
		return
	}
	cp := v.copies[c]
	nonce := make([]byte, 16)
	_, _ = rand.Read(nonce) // crypto/rand does not fail
	d := pageData{
		S: cp.Scenario, Versions: map[string]int{}, EventsURL: EventsPath,
		RotatePath: mockpeer.AdminRotatePath, ResetPath: mockpeer.AdminResetPath,
		ReportStyle: reportStyle, Nonce: base64.StdEncoding.EncodeToString(nonce),
	}
	if v.farm.CAPEM() != nil {
		d.ImpostorPath, d.GenuinePath, d.Certificates = mockpeer.AdminImpostorPath, mockpeer.AdminGenuinePath, map[string]string{}
	}
	for _, name := range cp.Peers {
		p := v.farm.Peer(name)
		d.Peers = append(d.Peers, describePeer(p, v.peerAt))
		d.Versions[name] = p.Version()
		if d.Certificates != nil {
			d.Certificates[name] = certificateOf(p)
		}
		if name == cp.Scenario.CardPeer {
			d.ClientCard = p.CardURL()
		}
	}
	if v.isFarm() {
		d.EventsURL += "?copy=" + url.QueryEscape(cp.Name)
		d.Farm = &farmData{Copy: cp.Name, Copies: v.copies}
		for n := range v.commonVersions {
			d.Farm.Versions = append(d.Farm.Versions, n)
		}
	}
	var b bytes.Buffer
	if err := pageTmpl.Execute(&b, d); err != nil {
		http.Error(w, "live view: "+err.Error(), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(b.Len()))
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; script-src 'nonce-"+d.Nonce+
		"'; connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
	_, _ = w.Write(b.Bytes())
}

// noSuchCopy says what ?copy= may be.
func (v *View) noSuchCopy(name string) string {
	return fmt.Sprintf("no copy %q in this farm: its copies are %s to %s", name, v.copies[0].Name, v.copies[len(v.copies)-1].Name)
}
