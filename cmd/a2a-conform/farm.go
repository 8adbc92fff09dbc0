package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/suite/live"
)

// farmCmd serves many copies of scenarios' peers from one process, each
// peer on its own loopback origin: a target for load and soak tests of a
// client, with card changes on a schedule or through the admin API.
func farmCmd(args []string, stdout, stderr io.Writer) int {
	fs := newFlagSet("farm", "--scenario ID[,ID...|all] --peers N [flags]",
		"Serves N copies of scenarios' mock peers from one process, each peer on its own loopback origin, with card changes on a schedule (--rotate-every) or through the admin API.", stderr)
	ids := fs.String("scenario", "", "scenario every copy plays; several, comma-separated, are dealt to the copies in turn; all: the whole catalog")
	n := fs.Int("peers", 1, "how many copies of the scenario's peers to serve")
	rotateEvery := fs.Duration("rotate-every", 0, "cycle every peer to its next card version this often, 0 after the last (0: only through the admin API)")
	indexFile := fs.String("index", "", "write a JSON index here once every peer serves: card URLs, origins, CA file, credentials (mode 0600)")
	standalone := addStandaloneFlags(fs, ", all peers together")
	if code, done := parse(fs, args); done {
		return code
	}
	switch {
	case fs.NArg() > 0:
		return usageError(stderr, fmt.Errorf("farm: unexpected argument %q", fs.Arg(0)))
	case *ids == "":
		return usageError(stderr, fmt.Errorf("farm: --scenario is required (see `a2a-conform list`)"))
	case *n < 1:
		return usageError(stderr, fmt.Errorf("farm: --peers %d: want at least 1", *n))
	case *rotateEvery < 0:
		return usageError(stderr, fmt.Errorf("farm: --rotate-every %v: want 0 or more", *rotateEvery))
	}
	if err := standalone.check("farm"); err != nil {
		return usageError(stderr, err)
	}
	scs, err := farmScenarios(*ids)
	if err != nil {
		return usageError(stderr, err)
	}
	if *indexFile != "" { // refused before a long start, and again when written
		if _, err := indexTarget(*indexFile); err != nil {
			return usageError(stderr, err)
		}
	}
	fds, err := raiseFDLimit()
	if err != nil {
		return usageError(stderr, err)
	}

	began := time.Now()
	spec, copies := farmSpec(scs, *n)
	standalone.apply(&spec)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	farm, err := mockpeer.Start(ctx, spec) // a failed start has closed what it opened
	if err != nil {
		return usageError(stderr, explainStart(err, len(spec.Peers), fds))
	}
	defer farm.Close()
	if *indexFile != "" {
		if err := newFarmIndex(farm, copies).write(*indexFile); err != nil {
			return usageError(stderr, err)
		}
	}
	view, err := live.MountFarm(ctx, farm, liveCopies(copies))
	if err != nil {
		fmt.Fprintf(stderr, "a2a-conform farm: %v\n", err)
		return 2
	}
	printFarmBanner(stdout, farm, describeCopies(scs, copies, len(spec.Peers)), *indexFile, view.URL(), time.Since(began))
	if *rotateEvery > 0 {
		go rotateOnSchedule(ctx, farm, *rotateEvery, view.Changed)
	}
	<-ctx.Done()
	fmt.Fprintln(stdout, "a2a-conform farm: stopping")
	return 0
}

// rotateOnSchedule cycles every peer to its next card version at each tick
// until ctx ends, and calls rotated after each: the journal records no
// exchange for it.
func rotateOnSchedule(ctx context.Context, farm *mockpeer.Farm, every time.Duration, rotated func()) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	peers := farm.Peers()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			for _, p := range peers {
				p.RotateNext()
			}
			rotated()
		}
	}
}

func printFarmBanner(w io.Writer, farm *mockpeer.Farm, what, indexFile, liveURL string, took time.Duration) {
	fmt.Fprintf(w, "a2a-conform farm: %s, serving after %.2f s\n", what, took.Seconds())
	if indexFile != "" {
		fmt.Fprintf(w, "  index: %s\n", indexFile)
	}
	fmt.Fprintf(w, "  first card URL: %s\n", farm.Peers()[0].CardURL())
	if f := farm.CAFile(); f != "" {
		fmt.Fprintf(w, "  CA file: %s\n", f)
	}
	fmt.Fprintf(w, "  admin API %s%s{%s}?peer=NAME (rotate every peer: ?all)\n", farm.AdminURL(), mockpeer.AdminPrefix, adminCalls(farm, "rotate?to=N|next"))
	fmt.Fprintf(w, "  admin secret (header Authorization: Bearer SECRET): %s\n", farm.AdminSecret())
	fmt.Fprintf(w, "  live view (open in a browser; its key is the secret above; &copy=K for copy K): %s\n", liveURL)
	fmt.Fprintln(w, "serving; Ctrl-C to stop")
}
