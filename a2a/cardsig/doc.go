// Package cardsig signs and verifies Agent Cards as A2A v1.0 spec §8.4
// says: a detached JWS (RFC 7515) per signature, over the card's canonical
// payload — the card as received, pruned by proto field presence, without
// its `signatures`, in RFC 8785 (JCS) form. The mock peers sign with it and
// the reference client verifies with it; it knows nothing of either.
//
// Signing, with keys made for the run:
//
//	es, _ := cardsig.GenerateKey(cardsig.ES256, "card-es256")
//	rs, _ := cardsig.GenerateKey(cardsig.RS256, "card-rs256") // a second key: rotation
//	signed, err := cardsig.Sign(cardJSON,
//		cardsig.Signer{Key: es, JKU: "https://127.0.0.1:4431/.well-known/jwks.json"},
//		cardsig.Signer{Key: rs, JKU: "https://127.0.0.1:4431/.well-known/jwks.json"})
//	jwks, _ := cardsig.JWKS(es.Public(), rs.Public()) // what the origin publishes
//
// Verifying: the allow-list is explicit, and the KeySource decides where a
// key may come from — for contract-model rule 6 only from the card's own
// origin, which is the caller's policy, not this package's:
//
//	v, err := cardsig.Verify(ctx, received, cardsig.VerifyOptions{
//		Algorithms: []string{cardsig.ES256, cardsig.RS256},
//		Keys:       keysOfTheCardOrigin, // a KeySource
//	})
//	switch {
//	case errors.Is(err, cardsig.ErrUnsigned): // advisory: nothing vouches for it
//	case err != nil:                          // advisory: see the *SignatureError values
//	default:                                  // signature v.Index by v.KeyID verifies
//	}
//
// A signature counts only if its alg is allowed, its protected header has
// alg, kid and typ (kid and jku are read from the protected header only),
// the key found for kid is a public key published for that very alg, and
// the JWS verifies. One valid signature is enough; the others may come from
// keys being rotated out.
package cardsig
