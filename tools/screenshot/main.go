// Command screenshot renders a report.html in headless Chromium and writes
// the top of it as a small PNG: the README's picture of a real run
// (`make screenshot` runs the catalog first).
//
//	go run ./tools/screenshot -report DIR/report.html -o docs/img/report.png
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"time"
)

func main() {
	reportPath := flag.String("report", "", "the report.html to render")
	out := flag.String("o", "docs/img/report.png", "the PNG to write")
	width := flag.Int("width", 1280, "viewport width, px")
	height := flag.Int("height", 2300, "viewport height, px: the part of the page the picture shows")
	flag.Parse()
	if err := run(*reportPath, *out, *width, *height); err != nil {
		fmt.Fprintln(os.Stderr, "screenshot:", err)
		os.Exit(1)
	}
}

var errNoChromium = errors.New("no Chromium on PATH (make browser-deps installs Debian's)")

func chromium() (string, error) {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path, nil
		}
	}
	return "", errNoChromium
}

func run(reportPath, out string, width, height int) error {
	if reportPath == "" {
		return errors.New("-report is required")
	}
	abs, err := filepath.Abs(reportPath)
	if err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if _, err := os.Stat(abs); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	bin, err := chromium()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "a2a-conform-screenshot-")
	if err != nil {
		return fmt.Errorf("temp: %w", err)
	}
	defer os.RemoveAll(tmp)
	shot := filepath.Join(tmp, "shot.png")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--user-data-dir="+filepath.Join(tmp, "profile"), fmt.Sprintf("--window-size=%d,%d", width, height),
		"--screenshot="+shot, "file://"+abs)
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("chromium: %w\n%s", err, msg)
	}
	f, err := os.Open(shot)
	if err != nil {
		return fmt.Errorf("chromium wrote no screenshot: %w", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return fmt.Errorf("chromium's screenshot: %w", err)
	}
	small := quantize(img)
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	w, err := os.Create(out)
	if err != nil {
		return fmt.Errorf("output: %w", err)
	}
	enc := png.Encoder{CompressionLevel: png.BestCompression}
	if err := enc.Encode(w, small); err != nil {
		w.Close()
		return fmt.Errorf("output: %w", err)
	}
	return w.Close()
}
