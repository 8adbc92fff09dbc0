package main

import (
	"flag"
	"fmt"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// defaultJournalLimit is how many exchanges a standalone peer keeps: at
// most about 60 MB, whatever its clients send.
const defaultJournalLimit = 1000

// standaloneFlags are the flags `peer` and `farm` share: where the farm
// writes its files and serves its admin API, its journal, and the shape of
// its cards' scopes.
type standaloneFlags struct {
	dir, adminAddr, scopes *string
	journalLimit           *int
	shape                  report.Scopes // parsed by check
}

// addStandaloneFlags defines them on fs; journalWhose completes the
// journal limit's help ("the newest" of what).
func addStandaloneFlags(fs *flag.FlagSet, journalWhose string) *standaloneFlags {
	return &standaloneFlags{
		dir:          fs.String("dir", "", "folder `DIR` for the CA and client credential files (default: a temporary folder)"),
		adminAddr:    fs.String("admin-addr", "", "loopback `HOST:PORT` of the admin API (default: an ephemeral port on 127.0.0.1)"),
		journalLimit: fs.Int("journal-limit", defaultJournalLimit, "how many exchanges the journal keeps, the newest"+journalWhose+"; older ones are dropped and counted"),
		scopes:       addScopesFlag(fs),
	}
}

// check refuses flags out of range; call it before apply.
func (f *standaloneFlags) check(cmd string) error {
	if *f.journalLimit < 1 {
		return fmt.Errorf("%s: --journal-limit %d: want at least 1", cmd, *f.journalLimit)
	}
	var err error
	f.shape, err = report.ParseScopes(*f.scopes)
	return err
}

// apply sets the flags on spec. A standalone farm may run for days: its
// journal is a ring, so its memory stays flat.
func (f *standaloneFlags) apply(spec *mockpeer.FarmSpec) {
	spec.Dir, spec.AdminAddr = *f.dir, *f.adminAddr
	spec.Journal = journal.JournalLimits{Exchanges: *f.journalLimit, Ring: true}
	if f.shape == report.ScopesFlat {
		engine.FlattenSecurityScopes(spec)
	}
}
