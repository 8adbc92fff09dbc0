package main

import (
	"crypto/rand"
	byteorder "encoding/binary"
	"flag"
	"fmt"
	"io"
	"slices"

	"github.com/a2a-conform/a2a-conform/scenarios"
	"github.com/a2a-conform/a2a-conform/scenarios/explore"
	"github.com/a2a-conform/a2a-conform/suite/engine"
	"github.com/a2a-conform/a2a-conform/suite/report"
)

// exploreFlags are --explore and --seed.
type exploreFlags struct {
	n    int
	seed uint64
}

func addExploreFlags(fs *flag.FlagSet) *exploreFlags {
	x := &exploreFlags{}
	fs.IntVar(&x.n, "explore", 0, "also play `N` generated scenario variants (docs/explore.md): each one contract-model field changed at one point, with one validator, over one binding, signed or not, its required behaviour derived from the contract model; 100 or more cover every pair of parameters")
	fs.Uint64Var(&x.seed, "seed", 0, "seed `S` of --explore (default: a fresh one, printed); the same seed and N replay the same variants exactly")
	return x
}

// apply adds the generated variants to the engine's catalog, after the
// fixed one, and records how they were made; it prints the seed first, so
// that a run that breaks still says how to replay it.
func (x *exploreFlags) apply(fs *flag.FlagSet, o *engine.Options, stderr io.Writer) error {
	if x.n == 0 {
		if flagSet(fs, "seed") {
			return fmt.Errorf("run: --seed needs --explore N")
		}
		return nil
	}
	if !flagSet(fs, "seed") {
		var b [8]byte
		_, _ = rand.Read(b[:])
		x.seed = byteorder.LittleEndian.Uint64(b[:])
	}
	g, err := explore.Generate(explore.NewSpace(o.Bindings), x.seed, x.n)
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	generated, err := g.Scenarios()
	if err != nil {
		return fmt.Errorf("run: %w", err)
	}
	replay := fmt.Sprintf("--explore %d --seed %d", x.n, x.seed)
	fmt.Fprintf(stderr, "explore: seed %d, %d generated variant(s) (the seed's pairwise array has %d rows); replay with %s\n",
		x.seed, len(g.Variants), g.PairwiseRows, replay)
	o.Catalog = append(slices.Clone(scenarios.Catalog()), generated...)
	o.Explore = &report.Explore{Seed: x.seed, Variants: len(g.Variants), PairwiseRows: g.PairwiseRows, Replay: replay}
	return nil
}
