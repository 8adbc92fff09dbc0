package main

import (
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"syscall"
	"testing"
)

// The farm's banner gives a live view URL with the admin secret as its
// key, as `peer`'s does: it serves the farm's page, copy by copy, to the
// browser that opened it, and nothing without the key.
func TestFarmLiveView(t *testing.T) {
	f := startFarmCmd(t, "--scenario", "rotation-during-send", "--peers", "3")
	if want := f.index.AdminURL + "/_conform/live?key=" + f.secret; f.live != want {
		t.Fatalf("banner: live view %q, want %q", f.live, want)
	}
	page := func(c *http.Client, url string) (int, string, string) {
		t.Helper()
		resp, err := c.Get(url)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, resp.Request.URL.String(), string(body)
	}
	if status, _, _ := page(f.client, f.index.AdminURL+"/_conform/live?copy=3"); status != http.StatusUnauthorized {
		t.Errorf("live view without the key: %d, want 401", status)
	}
	jar, _ := cookiejar.New(nil)
	browser := *f.client
	browser.Jar = jar
	status, at, body := page(&browser, f.live)
	if status != http.StatusOK || at != f.index.AdminURL+"/_conform/live" || !strings.Contains(body, "farm of 3 copies — copy 1: rotation-during-send") {
		t.Errorf("live view URL: %d at %s, want copy 1's page of the farm at the URL without the key", status, at)
	}
	if strings.Contains(body, f.secret) {
		t.Error("the page holds the admin secret")
	}
	status, _, body = page(&browser, f.index.AdminURL+"/_conform/live?copy=3")
	if status != http.StatusOK || !strings.Contains(body, f.index.Peers[2].CardURL) || strings.Contains(body, f.index.Peers[0].CardURL) {
		t.Errorf("copy 3's page: %d, want its card URL and not copy 1's", status)
	}
	f.stop(t, syscall.SIGTERM, "stopping")
}
