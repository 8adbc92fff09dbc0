package scenarios

import (
	"encoding/json"
	"fmt"
	"hash/fnv"

	"github.com/a2a-conform/a2a-conform/a2a/contract"
	"github.com/a2a-conform/a2a-conform/mockpeer"
	"github.com/a2a-conform/a2a-conform/scenarios/verdict"
)

// The oracle of the field scenarios is the contract model's projection,
// never a hand-written answer: whether a change is a contract change is
// whether contract.Hash of the two card versions differs. Scenarios ask it
// when the catalog is built, with stand-in origins (ports are only known
// once a farm listens, and the same origin in both versions leaves the
// comparison unchanged); the requirements made from the answer check at
// judgement that the cards the farm really served agree (servedAsDerived).

// standInOrigins are loopback origins, one per peer name, for building
// cards before any farm listens.
func standInOrigins(peer string) string {
	h := fnv.New32a()
	_, _ = h.Write([]byte(peer))
	return fmt.Sprintf("https://127.0.0.%d:%d", 1+h.Sum32()%250, 40000+h.Sum32()%20000)
}

// ContractHashOf is the contract hash of a card version for skill, built
// with stand-in origins. A card that does not build or marshal is a
// script error: it panics, before any farm starts.
func ContractHashOf(card mockpeer.CardFunc, skill string) string {
	raw, err := json.Marshal(card(standInOrigins))
	if err != nil {
		panic("scenarios: a card does not marshal: " + err.Error())
	}
	h, err := contract.Hash(raw, skill)
	if err != nil {
		panic("scenarios: " + err.Error())
	}
	return h
}

// ContractChanges is the oracle: whether the contract of card version to
// differs from that of version from, for skill.
func ContractChanges(from, to mockpeer.CardFunc, skill string) bool {
	return ContractHashOf(from, skill) != ContractHashOf(to, skill)
}

// servedAsDerived holds a derived requirement to the farm: the versions
// from and to of peer's card, as served, must differ in contract exactly
// when the catalog derived that they do. A play whose cards disagree (a
// run option rewrote them, say) cannot be judged by that derivation: the
// harness answers, never the client.
func servedAsDerived(ev *Evidence, c Change, differs bool) (verdict.Judgement, bool) {
	cards := ev.Cards[c.Peer]
	if c.From >= len(cards) || c.To >= len(cards) {
		return verdict.Judgement{Verdict: verdict.Error, Reason: fmt.Sprintf("the farm recorded %d card versions of peer %s, the scenario derived from versions %d and %d",
			len(cards), c.Peer, c.From, c.To)}, false
	}
	from, to, which := cards[c.From].ContractHash, cards[c.To].ContractHash, "card"
	if c.Extended {
		from, to, which = cards[c.From].ExtendedHash, cards[c.To].ExtendedHash, "extended card"
	}
	if served := from != to; served != differs {
		return verdict.Judgement{Verdict: verdict.Error, Reason: fmt.Sprintf("the scenario derived that %s versions %d and %d of peer %s differ in contract: %t, "+
			"but the cards served say %t: the derivation does not hold for this play", which, c.From, c.To, c.Peer, differs, served)}, false
	}
	return verdict.Judgement{}, true
}
