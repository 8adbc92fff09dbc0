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
	BearerToken       string
	APIKey            string
	ClientCertFile    string
	ClientKeyFile     string
}
