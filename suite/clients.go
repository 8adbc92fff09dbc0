package suite

import (
	"context"
	"fmt"
	"strings"

	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/driver"
	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// BuiltinPrefix marks the built-in clients in --client.
const BuiltinPrefix = "builtin:"

// ResolveClient turns a --client value into a Client: "" or
// "builtin:reference" is the reference client, "builtin:POLICY" a mutant
// of it (run in-process), anything else a command line run through the
// driver contract.
func ResolveClient(spec string) (runner.Client, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		spec = BuiltinPrefix + string(refclient.Reference)
	}
	name, ok := strings.CutPrefix(spec, BuiltinPrefix)
	if !ok {
		return &runner.Command{Line: spec}, nil
	}
	p, err := refclient.ParsePolicy(name)
	if err != nil {
		return nil, fmt.Errorf("suite: --client %s: %w", spec, err)
	}
	return runner.InProcess(spec, func(ctx context.Context, t driver.Assignment) driver.Outcome {
		return refclient.Run(ctx, t, p)
	}), nil
}
