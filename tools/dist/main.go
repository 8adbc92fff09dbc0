// Command dist builds the release archives of a2a-conform: one per
// platform, reproducible (-trimpath, no VCS stamp or build ID, fixed file
// times and modes, sorted entries), a SHA256SUMS over them, and the npm
// packages that install the right binary for the platform (tools/npm).
//
//	go run ./tools/dist -o dist                         every platform
//	go run ./tools/dist -o dist -platforms linux/amd64  one
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/a2a-conform/a2a-conform/suite/report"
)

// platforms are the release's GOOS/GOARCH pairs.
var platforms = []string{
	"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64", "windows/arm64",
}

func main() {
	out := flag.String("o", "dist", "output folder (emptied first)")
	only := flag.String("platforms", strings.Join(platforms, ","), "comma-separated GOOS/GOARCH pairs; \"host\" is this machine's")
	flag.Parse()
	if err := run(*out, strings.Split(*only, ",")); err != nil {
		fmt.Fprintln(os.Stderr, "dist:", err)
		os.Exit(1)
	}
}

func run(out string, targets []string) error {
	if err := os.RemoveAll(out); err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	version := report.SuiteVersion
	var sums []string
	for _, t := range targets {
		if t == "host" {
			t = runtime.GOOS + "/" + runtime.GOARCH
		}
		if !slices.Contains(platforms, t) {
			return fmt.Errorf("unknown platform %q (want one of %s)", t, strings.Join(platforms, ", "))
		}
		goos, goarch, _ := strings.Cut(t, "/")
		bin, err := build(out, goos, goarch)
		if err != nil {
			return err
		}
		archive, err := pack(out, version, goos, goarch, bin)
		if err != nil {
			return err
		}
		sum, err := sha256File(archive)
		if err != nil {
			return err
		}
		sums = append(sums, sum+"  "+filepath.Base(archive))
		if err := npmPlatform(out, version, goos, goarch, bin); err != nil {
			return err
		}
		if err := os.Remove(bin); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(out, "SHA256SUMS"), []byte(strings.Join(sums, "\n")+"\n"), 0o644); err != nil {
		return err
	}
	if err := os.RemoveAll(filepath.Join(out, "build")); err != nil {
		return err
	}
	if err := dockerfile(out, version); err != nil {
		return err
	}
	return npmMain(out, version)
}

// build compiles the command for one platform, statically and reproducibly.
// make build and cmd/a2a-conform's tests compile with the same -trimpath and
// CGO_ENABLED=0, so that one compile of the tree in the build cache serves
// them and this build for the host.
func build(out, goos, goarch string) (string, error) {
	bin := filepath.Join(out, "build", goos+"-"+goarch, exe("a2a-conform", goos))
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags=-s -w -buildid=", "-o", bin, "./cmd/a2a-conform")
	cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("build %s/%s: %w", goos, goarch, err)
	}
	return bin, nil
}

func exe(name, goos string) string {
	if goos == "windows" {
		return name + ".exe"
	}
	return name
}

func sha256File(path string) (string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// dockerfile writes the container recipe beside the archives it unpacks,
// its version the release's.
func dockerfile(out, version string) error {
	raw, err := os.ReadFile(filepath.Join("tools", "container", "Dockerfile"))
	if err != nil {
		return err
	}
	recipe := strings.Replace(string(raw), "ARG VERSION=0.0.0-dev", "ARG VERSION="+version, 1)
	return os.WriteFile(filepath.Join(out, "Dockerfile"), []byte(recipe), 0o644)
}
