package main

import (
	"slices"
	"testing"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

func TestParseBindings(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"grpc", []string{wire.BindingGRPC}},
		{"jsonrpc, HTTP+JSON,grpc,jsonrpc", []string{wire.BindingJSONRPC, wire.BindingHTTPJSON, wire.BindingGRPC}},
	} {
		got, err := parseBindings(tc.in)
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("parseBindings(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
	}
	for _, bad := range []string{"soap", "jsonrpc,", "grpc,,http+json"} {
		if _, err := parseBindings(bad); err == nil {
			t.Errorf("parseBindings(%q) accepted", bad)
		}
	}
}
