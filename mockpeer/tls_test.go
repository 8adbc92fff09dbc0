package mockpeer

import (
	"crypto/tls"
	"crypto/x509"
	"testing"
	"time"
)

// A demo peer serves for weeks: its server certificate, the client
// certificate and the CA that issued them must all still verify then.
func TestCertificatesOutliveALongDemo(t *testing.T) {
	f, p := onePeer(t, PeerSpec{Cards: []CardFunc{testCard("A")}})
	pool := farmRoots(f)
	inSixtyDays := time.Now().Add(60 * 24 * time.Hour)

	conn, err := tls.Dial("tcp", p.listener.Addr().String(), &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"})
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	defer conn.Close()
	server := conn.ConnectionState().PeerCertificates[0]
	if _, err := server.Verify(x509.VerifyOptions{Roots: pool, CurrentTime: inSixtyDays}); err != nil {
		t.Errorf("the server certificate in sixty days: %v", err)
	}

	creds := f.Credentials(Grants{ClientCert: true})
	pair, err := tls.LoadX509KeyPair(creds.ClientCertFile, creds.ClientKeyFile)
	if err != nil {
		t.Fatalf("client certificate: %v", err)
	}
	client, err := x509.ParseCertificate(pair.Certificate[0])
	if err != nil {
		t.Fatal(err)
	}
	opts := x509.VerifyOptions{Roots: pool, CurrentTime: inSixtyDays, KeyUsages: []x509.ExtKeyUsage{x509.ExtKeyUsageClientAuth}}
	if _, err := client.Verify(opts); err != nil {
		t.Errorf("the client certificate in sixty days: %v", err)
	}
}
