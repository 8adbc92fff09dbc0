package live

import (
	"bytes"
	"crypto/rand"
	"embed"
	"encoding/base64"
	"html/template"
	"net/http"
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
	S           Scenario
	Peers       []peerView
	Versions    map[string]int
	ClientCard  string
	EventsPath  string
	RotatePath  string
	ResetPath   string
	ReportStyle template.HTML
	Nonce       string
}

// servePage serves the page, self-contained: its policy lets it load
// nothing and talk to nothing but the admin listener, and be framed by no
// one. It never holds the admin secret: the session cookie authenticates
// everything it does.
func (v *View) servePage(w http.ResponseWriter, r *http.Request) {
	nonce := make([]byte, 16)
	_, _ = rand.Read(nonce) // crypto/rand does not fail
	d := pageData{
		S: v.sc, Peers: v.peers, Versions: map[string]int{},
		EventsPath: EventsPath, RotatePath: mockpeer.AdminRotatePath, ResetPath: mockpeer.AdminResetPath,
		ReportStyle: reportStyle, Nonce: base64.StdEncoding.EncodeToString(nonce),
	}
	for _, p := range v.farm.Peers() {
		d.Versions[p.Name()] = p.Version()
		if p.Name() == v.sc.CardPeer {
			d.ClientCard = p.CardURL()
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
