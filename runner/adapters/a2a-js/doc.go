// Package a2ajs holds the Go tests of the @a2a-js/sdk driver-contract
// adapter (adapter.mjs); the adapter itself is JavaScript (see README.md).
package a2ajs
