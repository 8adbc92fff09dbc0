package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// The npm packages, as esbuild ships its binaries: the package
// a2a-conform holds only a launcher (tools/npm/a2a-conform) and lists one
// package per platform as an optional dependency; npm installs the one
// whose os and cpu match, and the launcher runs its binary.

// npmScope names the platform packages: @a2a-conform/cli-linux-x64, ...
const npmScope = "@a2a-conform/cli-"

// npmOS and npmCPU are Node's names (process.platform, process.arch).
var (
	npmOS  = map[string]string{"linux": "linux", "darwin": "darwin", "windows": "win32"}
	npmCPU = map[string]string{"amd64": "x64", "arm64": "arm64"}
)

func npmPlatformName(goos, goarch string) string {
	return npmScope + npmOS[goos] + "-" + npmCPU[goarch]
}

// npmPlatform writes the package of one platform's binary.
func npmPlatform(out, version, goos, goarch, bin string) error {
	name := npmPlatformName(goos, goarch)
	dir := filepath.Join(out, "npm", "cli-"+npmOS[goos]+"-"+npmCPU[goarch])
	if err := os.MkdirAll(filepath.Join(dir, "bin"), 0o755); err != nil {
		return err
	}
	data, err := os.ReadFile(bin)
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "bin", filepath.Base(bin)), data, 0o755); err != nil {
		return err
	}
	manifest := map[string]any{
		"name": name, "version": version,
		"description": "The a2a-conform binary for " + npmOS[goos] + " " + npmCPU[goarch] + " (installed by the a2a-conform package).",
		"repository":  "github:a2a-conform/a2a-conform",
		"os":          []string{npmOS[goos]}, "cpu": []string{npmCPU[goarch]},
		"files":           []string{"bin/"},
		"preferUnplugged": true,
	}
	return writeJSON(filepath.Join(dir, "package.json"), manifest)
}

// npmMain writes the launcher package, its optional dependencies naming
// every platform package of the release at its version.
func npmMain(out, version string) error {
	src := filepath.Join("tools", "npm", "a2a-conform")
	dir := filepath.Join(out, "npm", "a2a-conform")
	for f, mode := range map[string]os.FileMode{"README.md": 0o644, filepath.Join("bin", "a2a-conform.js"): 0o755} {
		data, err := os.ReadFile(filepath.Join(src, f))
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, f)), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, mode); err != nil {
			return err
		}
	}
	raw, err := os.ReadFile(filepath.Join(src, "package.json"))
	if err != nil {
		return err
	}
	var manifest map[string]any
	if err := json.Unmarshal(raw, &manifest); err != nil {
		return fmt.Errorf("%s: %w", filepath.Join(src, "package.json"), err)
	}
	optional := map[string]string{}
	for _, p := range platforms {
		goos, goarch := splitPlatform(p)
		optional[npmPlatformName(goos, goarch)] = version
	}
	manifest["version"], manifest["optionalDependencies"] = version, optional
	return writeJSON(filepath.Join(dir, "package.json"), manifest)
}

func splitPlatform(p string) (string, string) {
	for i := range p {
		if p[i] == '/' {
			return p[:i], p[i+1:]
		}
	}
	return p, ""
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
