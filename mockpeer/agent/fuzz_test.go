package agent

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// fuzzServer serves one protocol handler alone at the root, so every fuzzed
// request reaches it (no ServeMux redirects in between).
func fuzzServer(f *testing.F, build func(Handler) http.Handler) (*httptest.Server, *panicGuard) {
	guard := &panicGuard{}
	srv := httptest.NewServer(guard.wrap(build(newFakeHandler())))
	f.Cleanup(srv.Close)
	return srv, guard
}

func fuzzSeeds(rest bool) []malformedCase {
	var seeds []malformedCase
	for _, tc := range malformedCases {
		if tc.rest == rest && len(tc.body) < 64<<10 {
			seeds = append(seeds, tc)
		}
	}
	return seeds
}

func FuzzJSONRPC(f *testing.F) {
	for _, tc := range fuzzSeeds(false) {
		f.Add([]byte(tc.body))
	}
	for _, body := range []string{
		rpcBody("1", "SendMessage", sendParams),
		rpcBody(`"abc"`, "SendStreamingMessage", sendParams),
		rpcBody("2.5e3", "SubscribeToTask", `{"id":"task-1"}`),
		rpcBody("3", "ListTasks", `{"pageSize":"7","status":2}`),
	} {
		f.Add([]byte(body))
	}
	srv, guard := fuzzServer(f, func(h Handler) http.Handler { return NewJSONRPCHandler(h, Options{}) })

	f.Fuzz(func(t *testing.T, body []byte) {
		req, err := http.NewRequest(http.MethodPost, srv.URL, bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("A2A-Version", "1.0")
		req.Header.Set("Content-Type", "application/json")
		res, err := srv.Client().Do(req)
		guard.check(t)
		if err != nil {
			t.Fatalf("request failed: %v", err)
		}
		data, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode == http.StatusNoContent {
			if len(data) != 0 || !isNotification(body) {
				t.Fatalf("204 %q to a request that is not a notification", data)
			}
			return
		}
		if res.StatusCode != http.StatusOK {
			t.Fatalf("status %d, want 200: %s", res.StatusCode, data)
		}
		responses := [][]byte{data}
		switch ct := res.Header.Get("Content-Type"); ct {
		case "application/json":
		case "text/event-stream":
			responses = nil
			for _, ev := range sseEvents(t, data) {
				responses = append(responses, ev)
			}
		default:
			t.Fatalf("Content-Type %q", ct)
		}
		wantID := sentID(body)
		for _, raw := range responses {
			r := decodeRPC(t, raw)
			switch jsonStart(r.ID) {
			case 'n', '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
			default:
				t.Fatalf("id %s is not null, a string or a number", r.ID)
			}
			if wantID != nil && !bytes.Equal(r.ID, wantID) {
				t.Fatalf("id %s, want %s echoed verbatim", r.ID, wantID)
			}
		}
	})
}

func hasDuplicate(body []byte) bool { _, dup := duplicateName(body); return dup }

func duplicateID(body []byte) bool { path, dup := duplicateName(body); return dup && path == "id" }

// isNotification: a JSON-RPC 2.0 request object without an id member.
func isNotification(body []byte) bool {
	var fields map[string]json.RawMessage
	if !utf8.Valid(body) || jsonStart(body) != '{' || json.Unmarshal(body, &fields) != nil || hasDuplicate(body) {
		return false
	}
	var version, method string
	_, hasID := fields["id"]
	return !hasID && json.Unmarshal(fields["jsonrpc"], &version) == nil && version == "2.0" &&
		jsonStart(fields["jsonrpc"]) == '"' && jsonStart(fields["method"]) == '"' && json.Unmarshal(fields["method"], &method) == nil
}

// sentID returns the compacted id of a well-formed request object whose id
// is a string or a number, and appears once, else nil.
func sentID(body []byte) json.RawMessage {
	var fields map[string]json.RawMessage
	if !utf8.Valid(body) || jsonStart(body) != '{' || json.Unmarshal(body, &fields) != nil || duplicateID(body) {
		return nil
	}
	id := fields["id"]
	switch jsonStart(id) {
	case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		var buf bytes.Buffer
		if json.Compact(&buf, id) != nil {
			return nil
		}
		return buf.Bytes()
	}
	return nil
}

var fuzzMethods = []string{"GET", "POST", "DELETE", "PUT", "PATCH", "HEAD", "OPTIONS"}

// restStatuses are the only statuses the HTTP+JSON server may answer.
var restStatuses = map[int]bool{200: true, 400: true, 401: true, 403: true, 404: true, 405: true, 413: true, 500: true}

func FuzzREST(f *testing.F) {
	methodIndex := func(m string) uint8 {
		for i, known := range fuzzMethods {
			if known == m {
				return uint8(i)
			}
		}
		return 1 // POST
	}
	for _, tc := range fuzzSeeds(true) {
		f.Add(methodIndex(tc.method), tc.path, []byte(tc.body))
	}
	f.Add(uint8(1), "/message:stream", []byte(sendParams))
	f.Add(uint8(0), "/t/tasks/task-1:subscribe", []byte("null"))
	f.Add(uint8(1), "/tasks/task-1:cancel", []byte(`{"metadata":{"a":[1,{"b":null}]}}`))
	srv, guard := fuzzServer(f, func(h Handler) http.Handler { return NewRESTHandler(h, Options{}) })

	f.Fuzz(func(t *testing.T, method uint8, path string, body []byte) {
		verb := fuzzMethods[int(method)%len(fuzzMethods)]
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		u, err := url.Parse(srv.URL + path)
		if err != nil || u.Host != strings.TrimPrefix(srv.URL, "http://") {
			return // not a request a client could send to this peer
		}
		u.RawQuery = u.Query().Encode() // a client escapes what it sends
		req, err := http.NewRequest(verb, u.String(), bytes.NewReader(body))
		if err != nil {
			return
		}
		req.Header.Set("A2A-Version", "1.0")
		req.Header.Set("Content-Type", "application/json")
		res, err := srv.Client().Do(req)
		guard.check(t)
		if err != nil {
			t.Fatalf("%s %s: %v", verb, u, err)
		}
		data, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if !restStatuses[res.StatusCode] {
			t.Fatalf("%s %s: status %d: %s", verb, u, res.StatusCode, data)
		}
		if verb == http.MethodHead {
			return // no body to judge
		}
		ct := res.Header.Get("Content-Type")
		switch {
		case res.StatusCode != http.StatusOK:
			if ct != "application/json" {
				t.Fatalf("error Content-Type %q", ct)
			}
			if f := decodeRESTError(t, data); *f.Error.Code != res.StatusCode {
				t.Fatalf("error.code %d, HTTP status %d", *f.Error.Code, res.StatusCode)
			}
		case ct == "text/event-stream":
			sseEvents(t, data)
		case ct == "application/json":
			if !json.Valid(data) {
				t.Fatalf("success body is not JSON: %s", data)
			}
		default:
			t.Fatalf("success Content-Type %q", ct)
		}
	})
}

// FuzzDecodeProtoFastPath: decoding text that needs no normalizing as it
// is gives what normalizing first gives, error or value, for every request
// type a call decodes.
func FuzzDecodeProtoFastPath(f *testing.F) {
	for _, s := range []string{sendParams, `{"id":"task-1","historyLength":"3"}`, `{"pageSize":"7","status":2}`,
		`{"ID":"x","message":{"ROLE":"ROLE_USER"}}`, `{"message":{"role":1,"parts":[{"text":"a"}],"message_id":"m"}}`,
		`{"id":"t","history_length":2,"historyLength":3}`, `{"metadata":{"a":1.5,"b":[null,true]}}`,
		// decodeFlat's cases: plain strings only, the last of a repeated name.
		`{"id":"task-1"}`, `{"id":"a","id":"b"}`, `{"id":"x"}`, `{"id":"t"}`, `{ "tenant" : "t" , "id" : "x" }`,
		`{"id":1}`, `{"id":"x","historyLength":2}`, `{}`, `{"id":null}`} {
		f.Add([]byte(s))
	}
	targets := []func() any{
		func() any { return new(wire.SendMessageRequest) }, func() any { return new(wire.GetTaskRequest) },
		func() any { return new(wire.ListTasksRequest) }, func() any { return new(wire.CancelTaskRequest) },
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, target := range targets {
			fast, slow := target(), target()
			errFast, errSlow := decodeProtoAs(data, fast, true), decodeProtoAs(data, slow, false)
			if fmt.Sprint(errFast) != fmt.Sprint(errSlow) {
				t.Fatalf("%T: errors differ: fast %v, normalized %v", fast, errFast, errSlow)
			}
			if errFast == nil && !reflect.DeepEqual(fast, slow) {
				t.Fatalf("%T: fast %+v, normalized %+v", fast, fast, slow)
			}
			if json.Valid(data) { // JSON-RPC params: valid text, not checked again
				valid := target()
				errValid := decodeValidProto(data, valid)
				if fmt.Sprint(errValid) != fmt.Sprint(errSlow) || errValid == nil && !reflect.DeepEqual(valid, slow) {
					t.Fatalf("%T: valid-text way %+v (%v), normalized %+v (%v)", valid, valid, errValid, slow, errSlow)
				}
			}
		}
	})
}
