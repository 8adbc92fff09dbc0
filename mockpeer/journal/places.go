package journal

import (
	"slices"
	"strings"
)

// A Place is where in a request the scan found one credential: the field a
// server would have to read to take it from there. What the request
// presented (AuthSeen.Presented) says which credentials went out; the
// places say where each went, so that a check can hold each to the place
// its scheme declares (an API key under the card's name in the card's
// location, a bearer or access token in Authorization: Bearer), and a
// credential copied into a field no scheme names is seen.
type Place struct {
	// Cred is the credential's name, as AuthSeen.Presented spells it
	// (CredAPIKey, CredOAuthToken, ..., CredUnexamined for a field whose
	// scan a bound stopped).
	Cred string `json:"cred"`
	// Where is the field: one of the Place* names below, or a prefix of
	// them followed by the field's name ("header:X-Api-Key",
	// "query:api_key", "cookie:session", "authorization:bearer").
	Where string `json:"where"`
}

// The fields a Place names. A name the client chose (a header's, a query
// parameter's, a cookie's) follows its prefix redacted, and cut to
// MaxPlaceName bytes with "…" after it: a cut name matches no scheme's.
const (
	// PlaceAuthorization prefixes the Authorization header's auth scheme,
	// lower-cased, when it is bearer or basic: "authorization:bearer";
	// alone, any other scheme or none.
	PlaceAuthorization = "authorization"
	PlaceHeader        = "header:" // + the canonical header name
	PlaceHeaderName    = "header-name"
	PlaceQuery         = "query:" // + the parameter's name, unescaped
	PlaceQueryName     = "query-name"
	PlaceCookie        = "cookie:" // + the cookie's name
	PlaceCookieName    = "cookie-name"
	PlaceMethod        = "method"
	PlacePath          = "path"
	PlaceBody          = "body"
	PlaceTrailer       = "trailer"
	// PlaceTarget is the request target before its path: the scheme,
	// userinfo and host of an absolute-form target.
	PlaceTarget = "target"
	// PlaceTLS is the TLS handshake: the client certificate.
	PlaceTLS = "tls"
)

// MaxPlaceName bounds the name a Place keeps of a field the client named.
const MaxPlaceName = 64

// MaxPlacesKept bounds AuthSeen.Places; AuthSeen.MorePlaces counts the
// rest. No scheme puts a credential in more than one place, so a request
// past the bound has credentials out of place whatever was dropped.
const MaxPlacesKept = 16

// AuthorizationPlace is the place of a credential in an Authorization
// header whose value is v.
func AuthorizationPlace(v string) string {
	scheme, _, _ := strings.Cut(strings.TrimSpace(v), " ")
	switch s := strings.ToLower(scheme); s {
	case "bearer", "basic":
		return PlaceAuthorization + ":" + s
	}
	return PlaceAuthorization
}

// NamedPlace is prefix and name, name cut to MaxPlaceName bytes.
func NamedPlace(prefix, name string) string {
	if len(name) > MaxPlaceName {
		name = strings.ToValidUTF8(name[:MaxPlaceName], "") + "…"
	}
	return prefix + name
}

// PlacesOf is places with the credentials names found in the field where.
func PlacesOf(places []Place, names []string, where string) []Place {
	return addPlaces(places, names, where)
}

// addPlaces notes where the credentials names were found.
func addPlaces(places []Place, names []string, where string) []Place {
	for _, n := range names {
		cred, _ := SplitTokenName(n)
		if p := (Place{cred, where}); !slices.Contains(places, p) {
			places = append(places, p)
		}
	}
	return places
}

// FinishPlaces sorts places, drops repeats and keeps MaxPlacesKept of them;
// it returns how many more there were.
func FinishPlaces(places []Place) ([]Place, int) {
	slices.SortFunc(places, func(a, b Place) int {
		if c := strings.Compare(a.Cred, b.Cred); c != 0 {
			return c
		}
		return strings.Compare(a.Where, b.Where)
	})
	places = slices.Compact(places)
	if len(places) <= MaxPlacesKept {
		return places, 0
	}
	return places[:MaxPlacesKept:MaxPlacesKept], len(places) - MaxPlacesKept
}

// FieldCounts is what the peer counted, over the whole request (every
// line of every header, the whole query), of the fields whose meaning a
// server takes from one value: a request that sends one of them twice, or
// as a list, leaves its meaning to whichever value the server (or a proxy)
// reads. It holds no string of the client's; the journal's bounds never
// cut it.
type FieldCounts struct {
	// Versions counts the A2A-Version values: the comma-separated members
	// of every A2A-Version header line (gRPC metadata a2a-version), a line
	// with none counting as one empty value, and of every A2A-Version
	// query parameter (its name in any letter case).
	Versions int `json:"versions,omitempty"`
	// OtherVersions counts those other than wire.ProtocolVersion.
	OtherVersions int `json:"otherVersions,omitempty"`
	// Authorization and ContentType count the lines of those headers.
	Authorization int `json:"authorization,omitempty"`
	ContentType   int `json:"contentType,omitempty"`
}
