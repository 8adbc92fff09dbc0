package mockpeer

import (
	"crypto/rand"
	"crypto/rsa"
	"fmt"
	"sync"
	"sync/atomic"
)

// rsaBits is the modulus of the RSA signing keys (cardsig's, which go-jose
// requires at least).
const rsaBits = 2048

// sharedRSA, once ReuseRSAKeys was called, holds the RSA keys every farm
// of this process takes its own from; nil: each farm makes fresh ones.
var sharedRSA atomic.Pointer[rsaKeyPool]

// ReuseRSAKeys makes every farm started after it in this process take its
// RSA signing keys from one pool instead of generating them: the n-th RSA
// key a farm asks for is the pool's n-th, made once, so that within a farm
// every key is still distinct from the others. It is for test binaries,
// which start hundreds of farms of the signed scenarios, where making a
// 2048-bit RSA key is most of the CPU a play costs. A run must not call
// it: the keys of one run's farms would be those of the others, and a
// client remembering keys across scenarios could take a key one farm
// forged with for a key another farm published.
func ReuseRSAKeys() { sharedRSA.CompareAndSwap(nil, &rsaKeyPool{}) }

// rsaKeyPool holds RSA keys by index, each made on first use.
type rsaKeyPool struct {
	mu    sync.Mutex
	slots []*rsaSlot
}

type rsaSlot struct {
	once sync.Once
	key  *rsa.PrivateKey
	err  error
}

// key is the pool's n-th key; keys of distinct n are made concurrently.
func (p *rsaKeyPool) key(n int) (*rsa.PrivateKey, error) {
	p.mu.Lock()
	for len(p.slots) <= n {
		p.slots = append(p.slots, &rsaSlot{})
	}
	s := p.slots[n]
	p.mu.Unlock()
	s.once.Do(func() {
		s.key, s.err = rsa.GenerateKey(rand.Reader, rsaBits)
		if s.err != nil {
			s.err = fmt.Errorf("mockpeer: RSA key: %w", s.err)
		}
	})
	return s.key, s.err
}
