package builtin

import (
	"strings"

	"github.com/a2a-conform/a2a-conform/runner/refclient"
)

// Options are how a built-in client talks to the peer: its send mode and
// binding preference. The zero value is the reference's defaults (polling,
// the card's order of interfaces).
type Options struct {
	// SendMode is refclient.Poll, Block or Stream; "" is Poll.
	SendMode refclient.SendMode
	// Binding is "" (the card's order), wire.BindingJSONRPC or
	// wire.BindingHTTPJSON (see refclient.ParseBinding).
	Binding string
}

// check validates o, normalised.
func (o Options) check() (Options, error) {
	var err error
	if o.SendMode, err = refclient.ParseSendMode(string(o.SendMode)); err != nil {
		return o, err
	}
	o.Binding, err = refclient.ParseBinding(o.Binding)
	return o, err
}

// describe is the client's name in reports: the name, then the options
// that are not the defaults.
func (o Options) describe(name string) string {
	var set []string
	if o.SendMode != refclient.Poll {
		set = append(set, "send mode "+string(o.SendMode))
	}
	if o.Binding != "" {
		set = append(set, "binding "+o.Binding)
	}
	if len(set) == 0 {
		return Prefix + name
	}
	return Prefix + name + " (" + strings.Join(set, ", ") + ")"
}
