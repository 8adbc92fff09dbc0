package suite

import (
	"fmt"
	"strings"

	"github.com/a2a-conform/a2a-conform/runner"
	"github.com/a2a-conform/a2a-conform/runner/builtin"
)

// BuiltinPrefix marks the built-in clients in --client.
const BuiltinPrefix = builtin.Prefix

// ResolveClient turns a --client value into a Client: "" or
// "builtin:reference" is the reference client, "builtin:NAME" another
// built-in client (run in-process), anything else a command line run
// through the driver contract.
func ResolveClient(spec string) (runner.Client, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		spec = BuiltinPrefix + builtin.Reference
	}
	name, ok := strings.CutPrefix(spec, BuiltinPrefix)
	if !ok {
		return &runner.Command{Line: spec}, nil
	}
	c, err := builtin.Lookup(name)
	if err != nil {
		return nil, fmt.Errorf("suite: --client %s: %w", spec, err)
	}
	return c, nil
}
