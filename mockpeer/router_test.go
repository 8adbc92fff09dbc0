package mockpeer

import (
	"net/http"
	"net/url"
	"testing"
)

// The REST prefix is cut from the decoded and the escaped path alike,
// however the prefix is escaped, and what is below it keeps its escapes.
func TestStripRESTPath(t *testing.T) {
	for _, tc := range []struct{ target, path, escaped string }{
		{"/a2a/rest/message:send", "/message:send", "/message:send"},
		{"/a2a/%72est/message:send", "/message:send", "/message:send"},
		{"/a2a/%72est/t%2Fx/tasks/1", "/t/x/tasks/1", "/t%2Fx/tasks/1"},
		{"/a2a/rest/t%2Fx/tasks/1", "/t/x/tasks/1", "/t%2Fx/tasks/1"},
		{"/a2a/%72est", "", ""},
		{"/a2a/%72est/", "/", "/"},
	} {
		u, err := url.ParseRequestURI(tc.target)
		if err != nil {
			t.Fatal(err)
		}
		r := stripRESTPath(&http.Request{URL: u}, RESTPath)
		if r.URL.Path != tc.path || r.URL.EscapedPath() != tc.escaped {
			t.Errorf("%s: path %q, escaped %q; want %q, %q", tc.target, r.URL.Path, r.URL.EscapedPath(), tc.path, tc.escaped)
		}
		if u.Path == r.URL.Path && tc.path != tc.target {
			t.Errorf("%s: the request's own URL was changed", tc.target)
		}
	}
}

// Dot segments are resolved before routing, as a server resolves them,
// escapes kept; a path without any is the request's own.
func TestWithoutDotSegments(t *testing.T) {
	for _, tc := range []struct{ target, path, escaped string }{
		{"/a2a/./x/../jsonrpc", "/a2a/jsonrpc", "/a2a/jsonrpc"},
		{"/x/../a2a/rest/message:send", "/a2a/rest/message:send", "/a2a/rest/message:send"},
		{"/a2a/rest/./t%2Fx/tasks/1", "/a2a/rest/t/x/tasks/1", "/a2a/rest/t%2Fx/tasks/1"},
		{"/../../a2a/jsonrpc", "/a2a/jsonrpc", "/a2a/jsonrpc"},
		{"/a2a/jsonrpc/..", "/a2a/", "/a2a/"},
		{"/a2a/.well/jsonrpc", "/a2a/.well/jsonrpc", "/a2a/.well/jsonrpc"},
	} {
		u, err := url.ParseRequestURI(tc.target)
		if err != nil {
			t.Fatal(err)
		}
		in := &http.Request{URL: u}
		r := withoutDotSegments(in)
		if r.URL.Path != tc.path || r.URL.EscapedPath() != tc.escaped {
			t.Errorf("%s: path %q, escaped %q; want %q, %q", tc.target, r.URL.Path, r.URL.EscapedPath(), tc.path, tc.escaped)
		}
		if (r == in) != (tc.path == tc.target) {
			t.Errorf("%s: copied %v, want a copy only when the path changes", tc.target, r != in)
		}
		if r != in && in.URL.Path != u.Path {
			t.Errorf("%s: the request's own URL was changed", tc.target)
		}
	}
}
