package live

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/a2a-conform/a2a-conform/suite/internal/browsertest"
)

// browser is headless Chromium driven through the DevTools protocol over
// a pipe (--remote-debugging-pipe: fd 3 in, fd 4 out, messages ended by
// NUL), attached to one page: no port, no websocket, nothing to race for.
type browser struct {
	t       *testing.T
	cmd     *exec.Cmd
	in      *os.File
	session string

	mu       sync.Mutex
	next     int64
	replies  map[int64]chan cdpMessage
	problems []string // console errors, uncaught exceptions, error log entries
	stderr   strings.Builder
}

type cdpMessage struct {
	ID        int64           `json:"id,omitempty"`
	SessionID string          `json:"sessionId,omitempty"`
	Method    string          `json:"method,omitempty"`
	Params    json.RawMessage `json:"params,omitempty"`
	Result    json.RawMessage `json:"result,omitempty"`
	Error     *struct {
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// startBrowser launches Chromium with the flags of suite/engine's browser
// test, and extra, on a blank page it attaches to.
func startBrowser(t *testing.T, extra ...string) *browser {
	t.Helper()
	bin := browsertest.Chromium(t)
	toChrome, chromeIn, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	chromeOut, fromChrome, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + t.TempDir(),
		"--enable-logging=stderr", "--v=0", "--remote-debugging-pipe"}, extra...)
	b := &browser{t: t, in: chromeIn, replies: map[int64]chan cdpMessage{}}
	b.cmd = exec.Command(bin, append(args, "about:blank")...)
	b.cmd.ExtraFiles = []*os.File{toChrome, fromChrome}
	b.cmd.Stderr = &lockedWriter{mu: &b.mu, b: &b.stderr}
	if err := b.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	toChrome.Close()
	fromChrome.Close()
	exited := make(chan struct{})
	go func() {
		b.read(chromeOut)
		close(exited)
	}()
	t.Cleanup(func() {
		_ = b.callSession(context.Background(), "", "Browser.close", nil, nil)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = b.cmd.Process.Kill()
		}
		_ = b.cmd.Wait()
		chromeIn.Close()
	})
	b.session = b.attachToPage()
	for _, domain := range []string{"Runtime.enable", "Log.enable", "Page.enable"} {
		b.must(b.call(domain, nil, nil))
	}
	return b
}

// attachToPage attaches to the page Chromium opened, or to a new one.
func (b *browser) attachToPage() string {
	b.t.Helper()
	ctx := b.t.Context()
	var targets struct {
		TargetInfos []struct{ TargetID, Type string } `json:"targetInfos"`
	}
	b.must(b.callSession(ctx, "", "Target.getTargets", nil, &targets))
	var target string
	for _, ti := range targets.TargetInfos {
		if ti.Type == "page" {
			target = ti.TargetID
			break
		}
	}
	if target == "" {
		var created struct{ TargetID string }
		b.must(b.callSession(ctx, "", "Target.createTarget", map[string]any{"url": "about:blank"}, &created))
		target = created.TargetID
	}
	var attached struct{ SessionID string }
	b.must(b.callSession(ctx, "", "Target.attachToTarget", map[string]any{"targetId": target, "flatten": true}, &attached))
	return attached.SessionID
}

type lockedWriter struct {
	mu *sync.Mutex
	b  *strings.Builder
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

// read dispatches replies and keeps the page's problems, until Chromium exits.
func (b *browser) read(out *os.File) {
	defer out.Close()
	r := bufio.NewReader(out)
	for {
		raw, err := r.ReadBytes(0)
		if err != nil {
			return
		}
		var m cdpMessage
		if json.Unmarshal(raw[:len(raw)-1], &m) != nil {
			continue
		}
		b.mu.Lock()
		if m.ID != 0 {
			if c := b.replies[m.ID]; c != nil {
				c <- m
				delete(b.replies, m.ID)
			}
		} else if p := problem(m); p != "" {
			b.problems = append(b.problems, p)
		}
		b.mu.Unlock()
	}
}

// problem describes an event that means the page went wrong, or is "".
func problem(m cdpMessage) string {
	var p struct {
		Type             string            `json:"type"`
		Args             []json.RawMessage `json:"args"`
		ExceptionDetails json.RawMessage   `json:"exceptionDetails"`
		Entry            struct {
			Level, Text, URL string
		} `json:"entry"`
	}
	_ = json.Unmarshal(m.Params, &p)
	switch {
	case m.Method == "Runtime.consoleAPICalled" && (p.Type == "error" || p.Type == "assert"):
		return fmt.Sprintf("console.%s %s", p.Type, p.Args)
	case m.Method == "Runtime.exceptionThrown":
		return "uncaught exception " + string(p.ExceptionDetails)
	case m.Method == "Log.entryAdded" && p.Entry.Level == "error":
		return "log error: " + p.Entry.Text + " " + p.Entry.URL
	}
	return ""
}

// call sends a command to the page and decodes its result into result.
func (b *browser) call(method string, params, result any) error {
	return b.callSession(b.t.Context(), b.session, method, params, result)
}

func (b *browser) callSession(ctx context.Context, session, method string, params, result any) error {
	b.mu.Lock()
	b.next++
	id := b.next
	reply := make(chan cdpMessage, 1)
	b.replies[id] = reply
	b.mu.Unlock()
	msg, _ := json.Marshal(map[string]any{"id": id, "sessionId": session, "method": method, "params": params})
	if session == "" {
		msg, _ = json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	}
	if _, err := b.in.Write(append(msg, 0)); err != nil {
		return fmt.Errorf("chromium %s: %w", method, err)
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	select {
	case m := <-reply:
		if m.Error != nil {
			return fmt.Errorf("chromium %s: %s", method, m.Error.Message)
		}
		if result != nil {
			return json.Unmarshal(m.Result, result)
		}
		return nil
	case <-ctx.Done():
		return fmt.Errorf("chromium %s: no reply: %w", method, ctx.Err())
	}
}

// eval evaluates a JavaScript expression in the page, awaiting a promise,
// and decodes its value into result.
func (b *browser) eval(expr string, result any) error {
	var r struct {
		Result           struct{ Value json.RawMessage } `json:"result"`
		ExceptionDetails *struct {
			Text      string `json:"text"`
			Exception struct {
				Description string `json:"description"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	if err := b.call("Runtime.evaluate", map[string]any{"expression": expr, "awaitPromise": true, "returnByValue": true}, &r); err != nil {
		return err
	}
	if e := r.ExceptionDetails; e != nil {
		return fmt.Errorf("%s %s", e.Text, e.Exception.Description)
	}
	if result != nil {
		return json.Unmarshal(r.Result.Value, result)
	}
	return nil
}

func (b *browser) must(err error) {
	b.t.Helper()
	if err != nil {
		b.mu.Lock()
		defer b.mu.Unlock()
		b.t.Fatalf("%v\nchromium stderr:\n%s", err, b.stderr.String())
	}
}

func (b *browser) pageProblems() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.problems...)
}
