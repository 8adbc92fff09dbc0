package mockpeer

// Test helpers for the external tests (hostile_test.go), which must live
// outside the package to judge with the catalog's own checks.
var (
	HTTPSClient = httpsClient
	Do          = do
)
