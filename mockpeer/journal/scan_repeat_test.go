package journal

import (
	"encoding/base64"
	"reflect"
	"strings"
	"testing"

	"github.com/a2a-conform/a2a-conform/mockpeer/journal/scantest"
)

// scanBoth scans t twice, skipping the base64 runs seen before in the scan
// and decoding every one, and fails if the results differ in anything.
func scanBoth(t *testing.T, ix *SecretIndex, text string, deflated bool) ScanResult {
	t.Helper()
	s := surveyOf(text)
	skipping := ix.scanSurveyedText(text, s, deflated, true)
	every := ix.scanSurveyedText(text, s, deflated, false)
	if !reflect.DeepEqual(skipping, every) {
		t.Fatalf("%.80q: skipping repeated runs found %+v, decoding every run %+v", text, skipping, every)
	}
	return every
}

// A base64 run repeated in one text (a keep-alive stream's requests, each
// with the same ETag or Basic credential) is decoded once: the scan finds
// the same secrets in the same forms, and the bounds stop it where they
// would stop a scan that decodes every run.
func TestScanSkipsRepeatedRunsAndFindsTheSame(t *testing.T) {
	s, ix := testIndex(t)
	etag := `"` + strings.Repeat("13609fac721539c4849d8782225bd572", 2) + `"`
	basic := base64.StdEncoding.EncodeToString([]byte("client:" + s.bearer))
	gzipped := base64.StdEncoding.EncodeToString([]byte(scantest.CompressWith("gzip")("token=" + s.apiKey)))
	// Each copy inflates to 600 KiB: the fourth runs out of the budget
	// (2 MiB and 16 bytes a byte of text), whether the scan decoded the
	// copies before it or skipped them.
	bomb := base64.StdEncoding.EncodeToString([]byte(scantest.CompressWith("gzip")(strings.Repeat("\x00", 600<<10) + s.admin)))
	request := func(header string) string {
		return "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n" + header + "\r\n\r\n"
	}
	for name, c := range map[string]struct {
		text  string
		found []string
		any   bool
	}{
		"revalidations":          {strings.Repeat(request("If-None-Match: "+etag), 25), nil, false},
		"basic credentials":      {strings.Repeat(request("Authorization: Basic "+basic), 25), []string{CredBearer}, true},
		"gzip in base64":         {strings.Repeat(request("X-Blob: "+gzipped), 5), []string{CredAPIKey}, true},
		"runs between repeats":   {strings.Repeat(etag+" "+basic+" ", 3) + gzipped + " " + etag, []string{CredBearer, CredAPIKey}, true},
		"bombs past the budget":  {strings.Repeat(bomb+"\n.\n", 4), []string{CredAdminSecret, CredUnexamined}, true},
		"one bomb, then repeats": {bomb + " " + strings.Repeat(gzipped+" ", 4), []string{CredAdminSecret, CredAPIKey}, true},
	} {
		t.Run(name, func(t *testing.T) {
			res := scanBoth(t, ix, c.text, false)
			if res.Any() != c.any {
				t.Errorf("found %v", res.Names())
			}
			for _, want := range c.found {
				if !strings.Contains(strings.Join(res.Names(), ","), want) {
					t.Errorf("found %v, want %s among them", res.Names(), want)
				}
			}
		})
	}
}

// FuzzScanRepeats holds a scan that skips repeated runs to one that
// decodes every run, on texts of repeated pieces.
func FuzzScanRepeats(f *testing.F) {
	s, ix := testIndex(f)
	for _, enc := range append(scantest.Encodings(), scantest.Deflate) {
		f.Add(enc.Encode(s.bearer), "If-None-Match: \"0123456789abcdef0123456789abcdef0123456789abcdef\"", uint8(3), false)
	}
	f.Add(base64.StdEncoding.EncodeToString([]byte(scantest.CompressWith("zlib")(s.admin))), "x", uint8(9), false)
	f.Fuzz(func(t *testing.T, a, b string, n uint8, deflated bool) {
		text := strings.Repeat(a+"\r\n"+b+" ", int(n%32)+1) + a
		scanBoth(t, ix, text, deflated)
	})
}

// FuzzBase64RunsAreTheAlphabetsRuns holds the runs a scan decodes to their
// definition: the longest stretches of one alphabet's characters (line
// breaks inside skipped), with at least minBase64 of them, the URL-safe
// ones only when they hold - or _, each decoded once (its text the key of
// the scan's run memo).
func FuzzBase64RunsAreTheAlphabetsRuns(f *testing.F) {
	_, ix := testIndex(f)
	etag := strings.Repeat("13609fac721539c4849d8782225bd572", 2)
	f.Add("If-None-Match: \"" + etag + "\"\r\n" + etag[:40] + "-_" + etag[:20] + "\r\n" + etag[:10] + "\r\n" + etag[:50])
	f.Add(base64.StdEncoding.EncodeToString([]byte(strings.Repeat("secret-ish ", 9))) + "!" + base64.URLEncoding.EncodeToString([]byte(strings.Repeat("\xff\xfe", 40))))
	f.Fuzz(func(t *testing.T, text string) {
		want := map[string]bool{}
		for _, alphabet := range []struct {
			in   func(c byte) bool
			must func(run string) bool
		}{
			{func(c byte) bool { return charClass[c]&clsStd != 0 }, func(string) bool { return true }},
			{func(c byte) bool { return charClass[c]&clsURL != 0 }, func(run string) bool { return strings.ContainsAny(run, "-_") }},
		} {
			start, n := 0, 0
			for i := 0; i <= len(text); i++ {
				if i < len(text) && charClass[text[i]]&clsBreak != 0 {
					continue
				}
				if i < len(text) && alphabet.in(text[i]) {
					n++
					continue
				}
				if run := text[start:i]; n >= ix.minBase64 && alphabet.must(run) {
					want[run] = true
				}
				start, n = i+1, 0
			}
		}
		sc := &scanner{ix: ix, budget: 1 << 40, streams: 1 << 20, top: text, repeats: true}
		scanBase64Runs(sc, text, 0)
		got := map[string]bool{}
		for run := range sc.runs {
			got[run] = true
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: decoded runs %q, want %q", text, keysOf(got), keysOf(want))
		}
	})
}

func keysOf(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
