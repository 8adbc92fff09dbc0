// Package vendorsuite holds no code: its test is the worked example of a
// client vendor embedding a2a-conform's specs in their own Ginkgo suite
// (docs/running-in-ci.md), kept compiling and passing by `go test`.
package vendorsuite
