// Package peertest holds the helpers the real-SDK tests share: finding the
// installed @a2a-js/sdk (skipping, or failing under
// A2A_CONFORM_REQUIRE_SDKS=1, when it is missing), the one-peer farms the
// SDK compatibility and adapter tests run against, and the checks of what
// those peers journaled. It is imported only by tests, in this module and
// in runner/adapters/a2a-go; it uses plain testing, never Ginkgo.
package peertest
