// Package grant is the credentials the suite grants a client under test:
// minted by the farm (mockpeer), handed to the client by the driver
// contract (runner/driver, whose environment variables carry them). A
// leaf both use, so that the farm does not import the driver contract nor
// the driver contract the farm.
package grant

// Credentials granted to the client; empty means not granted.
type Credentials struct {
	OAuthClientID     string
	OAuthClientSecret string
	// OAuthTokenURL is the token endpoint (RFC 6749 §3.2) of the
	// authorization server that issued the client id and secret; "" when
	// the grant names none. Its origin is the only one the secret may go
	// to: a card whose tokenUrl names another origin is advisory for it.
	OAuthTokenURL  string
	BearerToken    string
	APIKey         string
	ClientCertFile string
	ClientKeyFile  string
}
