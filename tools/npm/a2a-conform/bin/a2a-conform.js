#!/usr/bin/env node
// The a2a-conform launcher: runs the binary of the platform package npm
// installed beside this one (an optional dependency per platform, of which
// npm installs the one matching os and cpu), with this process's arguments,
// standard streams and exit code.
"use strict";
const { spawnSync } = require("node:child_process");
const { version } = require("../package.json");

const platform = `${process.platform}-${process.arch}`;
const supported = ["linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64", "win32-arm64"];
const fromSource = `go install github.com/a2a-conform/a2a-conform/cmd/a2a-conform@v${version}`;

function fail(message) {
  process.stderr.write(`a2a-conform: ${message}\n`);
  process.exit(2); // a2a-conform's exit code for a harness or configuration error
}

if (!supported.includes(platform)) {
  fail(`no prebuilt binary for ${platform}; build it from source with Go 1.26: ${fromSource}`);
}
const pkg = `@a2a-conform/cli-${platform}`;
let binary;
try {
  binary = require.resolve(`${pkg}/bin/a2a-conform${process.platform === "win32" ? ".exe" : ""}`);
} catch {
  fail(`the package ${pkg}, which holds the binary for this platform, is not installed ` +
    `(npm skips optional dependencies with --omit=optional or --no-optional); ` +
    `reinstall a2a-conform without that flag, or build from source: ${fromSource}`);
}
const run = spawnSync(binary, process.argv.slice(2), { stdio: "inherit" });
if (run.error) {
  fail(`cannot run ${binary}: ${run.error.message}`);
}
if (run.signal) {
  process.kill(process.pid, run.signal); // end as the binary did
}
process.exit(run.status ?? 2);
