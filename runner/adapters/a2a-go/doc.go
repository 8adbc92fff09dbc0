// Package a2ago holds the wire-compatibility tests of the a2a-conform mock
// peers with the official a2a-go/v2 client SDK. It is a module of its own so
// that the SDK and its dependencies stay out of the main module; it has no
// code besides its tests (see README.md).
package a2ago
