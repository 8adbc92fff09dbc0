package mockpeer

import (
	"net/http"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// seal makes e fit to store. Every field is redacted first: the farm's
// secrets, in every form the scan finds (scan.go), and private keys; the
// credentials found in what the client sent join e.Auth.Presented, so
// that whatever is redacted from a request was also seen in it. Then e is
// bounded, so that a cut can only split a redaction mark. A capture that
// was cut (bodyCut, responseCut) may end in the first part of a secret, or
// of an encoding of one, that no scan recognises: its last word goes too
// where the journal's bound would keep part of it (dropOpenEnd), and if it
// ends inside a compressed stream, all of it. A cut still reports the size
// the capture had.
func (f *Farm) seal(e *journal.Exchange, bodyCut, responseCut bool) {
	body, response := len(e.Body), len(e.Response)
	ix := f.secrets.current()
	if sent := ix.Redact(e, f.journal.Limits().BodyBytes, bodyCut, responseCut); len(sent) > 0 {
		// Redact's names are its own slice: merged into where they lie.
		e.Auth.Presented = journal.MergeNames(journal.OwnNames(sent), e.Auth.Presented)
	}
	// The scan names a token by its scope (journal.TokenName), a text the
	// client wrote in its token request: it is redacted like any other.
	e.Auth.Presented, e.Auth.TokenScopes = splitPresented(e.Auth.Presented)
	var more int
	e.Auth.Places, more = journal.FinishPlaces(e.Auth.Places)
	e.Auth.MorePlaces += more
	for i, sc := range e.Auth.TokenScopes {
		e.Auth.TokenScopes[i], _ = ix.Clean(sc, false, false)
	}
	e.Auth.TokenState, _ = ix.Clean(e.Auth.TokenState, false, false) // the farm's word, cleaned as every field
	journal.Bound(e, f.journal.Limits(), bodyCut, responseCut)
	for i, c := range e.Cuts {
		switch {
		case c.AtLeast && c.Field == journal.TruncBody:
			e.Cuts[i].Seen = max(c.Seen, body)
		case c.AtLeast && c.Field == journal.TruncResponse:
			e.Cuts[i].Seen = max(c.Seen, response)
		}
	}
}

// cloneHeader copies h so that redaction never touches the live request,
// adding Host (kept apart by net/http) when there is one. One allocation
// holds every value, and the map is made at its final size.
func cloneHeader(h http.Header, host string) http.Header {
	n, extra := 0, 0
	for _, vs := range h {
		n += len(vs)
	}
	if host != "" {
		extra = 1
	}
	out := make(http.Header, len(h)+extra)
	values := make([]string, n+extra)
	for k, vs := range h {
		if vs == nil { // kept as nil, as http.Header.Clone does
			out[k] = nil
			continue
		}
		c := copy(values, vs)
		out[k], values = values[:c:c], values[c:]
	}
	if host != "" {
		values[0] = host
		out["Host"] = values[:1:1]
	}
	return out
}
