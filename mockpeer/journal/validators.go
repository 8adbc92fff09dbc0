package journal

// Validators is what a card request asked the peer to compare, as the peer
// read it over the whole request, every If-None-Match and If-Modified-Since
// line, before the journal bounds its copy of the headers: the checks judge
// a revalidation by it, never by Header, which a client can make the
// journal cut. It holds no string of the client's, only what each
// validator names, so it needs no redaction; Tags and Dates keep at most
// MaxValidatorsKept each, and the counts cover every one.
type Validators struct {
	// Tags are the members of the If-None-Match lists, in order: entity
	// tags, "*", and members that parse as neither.
	Tags []Validator `json:"tags,omitempty"`
	// TagCount counts every member, kept in Tags or not.
	TagCount int `json:"tagCount,omitempty"`
	// Star: some list had "*", which matches any card (RFC 9110 §13.1.2).
	Star bool `json:"star,omitempty"`
	// Dates are the If-Modified-Since values, in order; DateCount counts
	// them all.
	Dates     []Validator `json:"dates,omitempty"`
	DateCount int         `json:"dateCount,omitempty"`
	// Unserved counts the tags and dates, kept or not, that name no card
	// version the peer had answered a GET with, 200 and the card, before
	// this request: a guess, the ETag of a HEAD or of a 304, another
	// peer's, "*", a member that does not parse. Such a validator may earn
	// a 304 (it may name the card in force), but the client never held the
	// card it names.
	Unserved int `json:"unserved,omitempty"`
}

// Validator is one validator of a card request.
type Validator struct {
	// Version is the card version whose ETag (compared weakly) or
	// Last-Modified the validator is, as the peer sends them; -1: none.
	Version int `json:"version"`
	// Weak: an entity tag with the W/ prefix.
	Weak bool `json:"weak,omitempty"`
	// Star: the member "*".
	Star bool `json:"star,omitempty"`
	// Served: the peer had answered a GET with Version, 200 and the card,
	// before this request.
	Served bool `json:"served,omitempty"`
}

// MaxValidatorsKept bounds Validators.Tags and Validators.Dates each.
const MaxValidatorsKept = 16

// Any reports whether the request carried a validator at all.
func (v *Validators) Any() bool { return v != nil && v.TagCount+v.DateCount > 0 }

// AllServed reports whether the request carried validators and every one
// names a card version the peer had served: only such a request can see a
// change of the card (a 304 to it says the card held is the one in force).
func (v *Validators) AllServed() bool { return v.Any() && v.Unserved == 0 }

// Add marks val served as served says, counts it when it is not, and
// appends it to kept while kept has room.
func (v *Validators) Add(kept []Validator, val Validator, served func(int) bool) []Validator {
	val.Served = val.Version >= 0 && served(val.Version)
	if !val.Served {
		v.Unserved++
	}
	if len(kept) < MaxValidatorsKept {
		kept = append(kept, val)
	}
	return kept
}
