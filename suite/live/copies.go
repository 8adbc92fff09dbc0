package live

import (
	"fmt"
	"sort"

	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/mockpeer/journal"
)

// busiestCopies is how many copies the farm overview ranks by exchanges.
const busiestCopies = 10

// Copy is one copy of a scenario's peers in a farm, as `a2a-conform farm`
// serves them: what one standalone `peer` would serve, its peers renamed.
type Copy struct {
	Name string // "17", what ?copy= takes
	// Scenario is what the copy plays; its CardPeer is a farm peer name.
	Scenario Scenario
	Peers    []string // farm peer names ("17-A")
}

// copyCount is one line of the farm overview: a copy and how many of the
// exchanges the journal keeps are its peers'.
type copyCount struct {
	Copy      string `json:"copy"`
	Scenario  string `json:"scenario"`
	Exchanges int    `json:"exchanges"`
}

// farmFrame is the farm overview a frame carries when the farm has
// several copies: counts over the whole journal, bounded by its ring.
type farmFrame struct {
	Exchanges int         `json:"exchanges"` // kept, of every copy
	Active    int         `json:"active"`    // copies with an exchange kept
	FarmWide  int         `json:"farmWide"`  // kept, of no copy: admin calls on the whole farm, refusals
	Busiest   []copyCount `json:"busiest"`   // most exchanges first, at most busiestCopies
}

// checkCopies: every copy named once, with peers the farm has.
func checkCopies(farm *mockpeer.Farm, copies []Copy) error {
	if len(copies) == 0 {
		return fmt.Errorf("live: no copies to view")
	}
	names := map[string]bool{}
	for _, c := range copies {
		if names[c.Name] || len(c.Peers) == 0 {
			return fmt.Errorf("live: copy %q: named twice, or without peers", c.Name)
		}
		names[c.Name] = true
		for _, p := range c.Peers {
			if farm.Peer(p) == nil {
				return fmt.Errorf("live: copy %q: no peer %q in the farm", c.Name, p)
			}
		}
	}
	return nil
}

// copyIndex finds a copy by ?copy=; without one, the first.
func (v *View) copyIndex(name string, given bool) (int, bool) {
	if !given {
		return 0, true
	}
	for i, c := range v.copies {
		if c.Name == name {
			return i, true
		}
	}
	return 0, false
}

// ofCopy reports whether ex belongs in copy c's diagram: its own peers'
// exchanges, and those of no peer (admin calls on the whole farm), which
// concern every copy.
func (v *View) ofCopy(ex journal.Exchange, c int) bool {
	if ex.Peer == "" {
		return true
	}
	i, ok := v.copyOf[ex.Peer]
	return ok && i == c
}

// overview counts the kept exchanges per copy and ranks the busiest.
func (v *View) overview(exchanges []journal.Exchange) *farmFrame {
	f := &farmFrame{}
	perCopy := map[int]int{}
	for _, ex := range exchanges {
		if c, ok := v.copyOf[ex.Peer]; ok {
			perCopy[c]++
			f.Exchanges++
		} else {
			f.FarmWide++
		}
	}
	f.Active = len(perCopy)
	ranked := make([]int, 0, len(perCopy))
	for c := range perCopy {
		ranked = append(ranked, c)
	}
	sort.Slice(ranked, func(i, j int) bool {
		a, b := ranked[i], ranked[j]
		return perCopy[a] > perCopy[b] || (perCopy[a] == perCopy[b] && a < b)
	})
	for _, c := range ranked[:min(len(ranked), busiestCopies)] {
		f.Busiest = append(f.Busiest, copyCount{Copy: v.copies[c].Name, Scenario: v.copies[c].Scenario.ID, Exchanges: perCopy[c]})
	}
	return f
}
