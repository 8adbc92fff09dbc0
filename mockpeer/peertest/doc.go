// Package peertest holds the helpers the real-SDK tests share: finding the
// installed @a2a-js/sdk (an error a test may skip on, unless
// A2A_CONFORM_REQUIRE_SDKS=1), the one-peer farms the SDK compatibility and
// adapter tests run against, and the checks of what those peers journaled.
// It is imported only by tests, in this module and in
// runner/adapters/a2a-go. It does not import testing: every helper returns
// an error, and the test decides to fail or skip.
package peertest
