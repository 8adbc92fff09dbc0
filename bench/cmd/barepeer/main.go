// Command barepeer is the baseline of bench/wrk.sh: a bare net/http server
// that replays what a running peer answers, byte for byte, doing only what
// any server must (route, compare If-None-Match, drain the body, write).
// It captures the peer's card and one JSON-RPC GetTask answer at start, and
// can also write them as WireMock stub mappings, so all three servers of
// the benchmark answer the same bytes.
//
//	barepeer -peer http://127.0.0.1:PORT -token TOKEN -task task-1 [-wiremock DIR]
//
// It prints "listening http://ADDR" once it serves, and serves until killed.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
)

const (
	cardPath    = "/.well-known/agent-card.json"
	jsonrpcPath = "/a2a/jsonrpc"
)

// answer is one captured response: the headers a client sees (Date and
// Content-Length are the server's own) and the body.
type answer struct {
	header http.Header
	body   []byte
}

func main() {
	peer := flag.String("peer", "", "origin of the running peer to capture (http://127.0.0.1:PORT)")
	token := flag.String("token", "", "bearer token the peer's card requires")
	task := flag.String("task", "", "id of a task on the peer, for the GetTask answer")
	listen := flag.String("listen", "127.0.0.1:0", "address to serve on")
	wiremock := flag.String("wiremock", "", "folder to write WireMock mappings of the same answers into")
	flag.Parse()
	if *peer == "" || *task == "" {
		fail(fmt.Errorf("-peer and -task are required"))
	}
	card, err := capture(newRequest("GET", *peer+cardPath, nil, *token))
	if err != nil {
		fail(err)
	}
	body := getTaskBody(*task)
	get, err := capture(newRequest("POST", *peer+jsonrpcPath, body, *token))
	if err != nil {
		fail(err)
	}
	if *wiremock != "" {
		if err := writeWireMock(*wiremock, card, get, body); err != nil {
			fail(err)
		}
	}
	l, err := net.Listen("tcp", *listen)
	if err != nil {
		fail(err)
	}
	fmt.Printf("listening http://%s\n", l.Addr())
	fail(http.Serve(l, replay(card, get)))
}

// GetTaskBody is the JSON-RPC GetTask request every side of the benchmark
// is sent.
func getTaskBody(task string) []byte {
	return []byte(`{"jsonrpc":"2.0","id":1,"method":"GetTask","params":{"id":"` + task + `"}}`)
}

func newRequest(method, url string, body []byte, token string) *http.Request {
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		fail(err)
	}
	req.Header.Set("A2A-Version", "1.0")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	return req
}

func capture(req *http.Request) (answer, error) {
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return answer{}, err
	}
	if resp.StatusCode != http.StatusOK {
		return answer{}, fmt.Errorf("%s %s: status %d: %s", req.Method, req.URL, resp.StatusCode, body)
	}
	h := resp.Header.Clone()
	h.Del("Date")
	h.Del("Content-Length")
	return answer{h, body}, nil
}

// replay serves the captured answers: the card (304 when If-None-Match
// names its ETag) and the GetTask answer for any POST to the JSON-RPC path.
func replay(card, get answer) http.Handler {
	etag := card.header.Get("ETag")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.Method == http.MethodGet && r.URL.Path == cardPath:
			if inm := r.Header.Get("If-None-Match"); inm != "" && inm == etag {
				copyHeader(w.Header(), card.header, "ETag", "Cache-Control", "Last-Modified")
				w.WriteHeader(http.StatusNotModified)
				return
			}
			write(w, card)
		case r.Method == http.MethodPost && r.URL.Path == jsonrpcPath:
			io.Copy(io.Discard, r.Body)
			write(w, get)
		default:
			http.NotFound(w, r)
		}
	})
}

func write(w http.ResponseWriter, a answer) {
	for k, v := range a.header {
		w.Header()[k] = v
	}
	w.Write(a.body)
}

func copyHeader(dst, src http.Header, keys ...string) {
	for _, k := range keys {
		if v := src.Values(k); len(v) > 0 {
			dst[http.CanonicalHeaderKey(k)] = v
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "barepeer:", err)
	os.Exit(1)
}
