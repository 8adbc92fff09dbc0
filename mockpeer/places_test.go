package mockpeer

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// TestPlacesOfCredentials: the peer records where in a request it found
// each credential (journal.Place): the header, query parameter or cookie
// by name, the Authorization scheme, the path, the body; a place named
// after a field the client chose is redacted like the rest of the record.
func TestPlacesOfCredentials(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A")}})
	creds := f.Credentials(Grants{APIKey: true, Bearer: true, OAuth: true})
	key, bearer := creds.APIKey, creds.BearerToken
	basic := base64.StdEncoding.EncodeToString([]byte(creds.OAuthClientID + ":" + creds.OAuthClientSecret))
	c := httpsClient(t, f, false)
	cases := []struct {
		name   string
		path   string
		body   string
		header http.Header
		want   []journal.Place
	}{
		{"the bearer token and the key in a header", "", "",
			http.Header{"Authorization": {"Bearer " + bearer}, "X-Api-Key": {key}},
			[]journal.Place{{Cred: journal.CredAPIKey, Where: "header:X-Api-Key"}, {Cred: journal.CredBearer, Where: "authorization:bearer"}}},
		{"the key everywhere", "?api_key=" + url.QueryEscape(key) + "&x=1", "",
			http.Header{"X-Api-Key": {key}, "Cookie": {"a=b; api_key=" + key}},
			[]journal.Place{{Cred: journal.CredAPIKey, Where: "cookie:api_key"}, {Cred: journal.CredAPIKey, Where: "header:X-Api-Key"},
				{Cred: journal.CredAPIKey, Where: "query:api_key"}}},
		{"the token as a Basic password, the key in the body", "", `{"key":"` + key + `"}`,
			http.Header{"Authorization": {"Basic " + basic}},
			[]journal.Place{{Cred: journal.CredAPIKey, Where: "body"}, {Cred: journal.CredOAuthClientSecret, Where: "authorization:basic"}}},
		{"the key in the path and a header named after it", "/" + key, "",
			http.Header{"X-" + key: {"1"}},
			[]journal.Place{{Cred: journal.CredAPIKey, Where: "header-name"}, {Cred: journal.CredAPIKey, Where: "path"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req := newRequest(t, http.MethodPost, JSONRPCURL(p.Origin())+tc.path, tc.body)
			req.Header = tc.header
			resp, err := c.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			all := f.Journal().All()
			ex := all[len(all)-1]
			if !slices.Equal(ex.Auth.Places, tc.want) {
				t.Errorf("places %v, want %v (%s)", ex.Auth.Places, tc.want, ex.Line())
			}
			for _, pl := range ex.Auth.Places {
				if strings.Contains(pl.Where, key) || strings.Contains(pl.Where, bearer) {
					t.Errorf("place %q holds a secret", pl.Where)
				}
			}
		})
	}
}
