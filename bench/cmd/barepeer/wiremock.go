package main

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
)

// writeWireMock writes the captured answers as WireMock stub mappings
// (mappings/*.json under dir): the card, its 304 for a matching
// If-None-Match, and the GetTask answer for the JSON-RPC POST.
func writeWireMock(dir string, card, get answer, getBody []byte) error {
	etag := card.header.Get("ETag")
	notModified := http.Header{}
	copyHeader(notModified, card.header, "ETag", "Cache-Control", "Last-Modified")
	stubs := map[string]any{
		"card-304.json": stub(map[string]any{
			"method": "GET", "urlPath": cardPath,
			"headers": map[string]any{"If-None-Match": map[string]string{"equalTo": etag}},
		}, http.StatusNotModified, notModified, nil, 1),
		"card-200.json":     stub(map[string]any{"method": "GET", "urlPath": cardPath}, http.StatusOK, card.header, card.body, 5),
		"get-task-200.json": stub(map[string]any{"method": "POST", "urlPath": jsonrpcPath}, http.StatusOK, get.header, get.body, 5),
	}
	mappings := filepath.Join(dir, "mappings")
	if err := os.MkdirAll(mappings, 0o755); err != nil {
		return err
	}
	for name, s := range stubs {
		raw, err := json.MarshalIndent(s, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(mappings, name), raw, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// stub is one WireMock mapping; the lower priority number wins, so the
// 304 is tried before the plain card.
func stub(request map[string]any, status int, header http.Header, body []byte, priority int) map[string]any {
	headers := map[string]string{}
	for k, v := range header {
		headers[k] = v[0]
	}
	response := map[string]any{"status": status, "headers": headers}
	if body != nil {
		response["body"] = string(body)
	}
	return map[string]any{"priority": priority, "request": request, "response": response}
}
