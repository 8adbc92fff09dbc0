// Package a2ago holds the wire-compatibility tests of the a2a-conform mock
// peers with the official a2a-go/v2 client SDK. It is a module of its own so
// that the SDK and its dependencies stay out of the main module. This
// package has no code besides its tests; the driver-contract adapter built
// on the SDK is cmd/a2a-go-adapter (see README.md).
package a2ago
