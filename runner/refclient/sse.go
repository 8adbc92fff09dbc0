package refclient

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"net/http"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// contentTypeSSE is the media type of a stream (spec §9, §11.7).
const contentTypeSSE = "text/event-stream"

// frameFunc decodes into out the data of one event as the binding frames
// it (a JSON-RPC response, or a bare StreamResponse), or an answer that was
// not a stream (an error, usually), given the HTTP status.
type frameFunc func(status int, data []byte, out any) error

// eventStream reads the events of one streaming answer, in order. An
// answer that was not a stream but decoded to an event is a stream of that
// one event.
type eventStream struct {
	op     string
	body   io.Closer          // nil for a one-event answer
	cancel context.CancelFunc // ends the request, and a read in progress
	lines  *bufio.Scanner
	frame  func(data []byte) (*wire.StreamResponse, error)
	// single is the event of an answer that was not a stream.
	single *wire.StreamResponse
	// recv, if non-nil, reads the events instead (a gRPC server stream).
	recv func() (*wire.StreamResponse, error)
}

// openStream sends a streaming request. A 200 text/event-stream answer is
// the stream; any other answer is read whole and decoded by frame, which
// usually makes it the peer's error.
func (e *endpoint) openStream(ctx context.Context, op, method, target string, body any, frame frameFunc) (*eventStream, error) {
	ctx, cancel := context.WithCancel(ctx)
	req, err := e.request(ctx, op, method, target, body)
	if err != nil {
		cancel()
		return nil, err
	}
	req.Header.Set("Accept", contentTypeSSE)
	resp, err := e.http.Do(req)
	if err != nil {
		cancel()
		return nil, transportError(op, err)
	}
	media, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if resp.StatusCode == http.StatusOK && media == contentTypeSSE {
		lines := bufio.NewScanner(resp.Body)
		lines.Buffer(make([]byte, 0, 64<<10), maxResponseBytes)
		return &eventStream{op: op, body: resp.Body, cancel: cancel, lines: lines,
			frame: func(data []byte) (*wire.StreamResponse, error) { return decodeEvent(frame, resp.StatusCode, data) }}, nil
	}
	defer cancel()
	defer resp.Body.Close()
	status, raw, err := readAnswer(op, resp)
	if err != nil {
		return nil, err
	}
	ev, err := decodeEvent(frame, status, raw)
	if err != nil {
		return nil, err
	}
	return &eventStream{op: op, single: ev}, nil
}

func decodeEvent(frame frameFunc, status int, data []byte) (*wire.StreamResponse, error) {
	var ev wire.StreamResponse
	if err := frame(status, data, &ev); err != nil {
		return nil, err
	}
	return &ev, nil
}

// next returns the next event, io.EOF once the stream has ended.
func (es *eventStream) next() (*wire.StreamResponse, error) {
	if es.recv != nil {
		return es.recv()
	}
	if es.lines == nil {
		ev := es.single
		if ev == nil {
			return nil, io.EOF
		}
		es.single = nil
		return ev, nil
	}
	data, err := es.readEvent()
	if err != nil {
		return nil, err
	}
	return es.frame(data)
}

// readEvent reads the data of the next SSE event (W3C Server-Sent Events:
// data lines joined by newlines, dispatched at a blank line; other fields
// and comments ignored; an event cut by the end of the stream discarded).
func (es *eventStream) readEvent() ([]byte, error) {
	var data []byte
	has := false
	for es.lines.Scan() {
		line := bytes.TrimSuffix(es.lines.Bytes(), []byte("\r"))
		if len(line) == 0 {
			if has {
				return data, nil
			}
			continue
		}
		field, value, _ := bytes.Cut(line, []byte(":"))
		if string(field) != "data" {
			continue // event, id, retry, or a comment (empty field)
		}
		if has {
			data = append(data, '\n')
		}
		data = append(data, bytes.TrimPrefix(value, []byte(" "))...)
		has = true
	}
	if err := es.lines.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, malformed(es.op, err)
		}
		return nil, transportError(es.op, err)
	}
	return nil, io.EOF
}

// close releases the stream; the peer sees the client gone.
func (es *eventStream) close() {
	if es.recv != nil {
		es.cancel()
		return
	}
	if es.body != nil {
		es.cancel()
		_ = es.body.Close() // nothing left to read
		es.body, es.lines = nil, nil
	}
}
