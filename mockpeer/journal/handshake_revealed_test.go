package journal

import "testing"

// A secret redacted from any handshake field, named or not, is a handshake
// that revealed it; a handshake of plain names revealed nothing.
func TestHandshakeRevealed(t *testing.T) {
	for _, tc := range []struct {
		c    *Connection
		want bool
	}{
		{nil, false},
		{&Connection{ServerName: "127.0.0.1", ALPN: []string{"h2", "http/1.1"}, ClientCert: "CN=client"}, false},
		{&Connection{ServerName: RedactionMark(CredBearer)}, true},
		{&Connection{ALPN: []string{"h2", "x" + RedactionMark(CredAPIKey)}}, true},
		{&Connection{ClientCert: "CN=[REDACTED]"}, true},
	} {
		if got := tc.c.HandshakeRevealed(); got != tc.want {
			t.Errorf("%+v: HandshakeRevealed %v, want %v", tc.c, got, tc.want)
		}
	}
}
