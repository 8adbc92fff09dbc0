package journal

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/a2a-conform/a2a-conform/a2a/wire"
)

// The journal keeps each exchange encoded in one pointer-free byte slice:
// one allocation per record instead of one per string, nothing for the
// garbage collector to trace through, and no string of the request kept
// alive by a record that only needs a few bytes of it. Records are decoded
// when read, which the checks and the admin API do once per play, not per
// request.
//
// The form: fields in the order of Exchange, integers as varints, strings
// and byte fields length-prefixed, lists count-prefixed, the request
// metadata as its JSON. journal_codec_test.go fills every field of
// Exchange, so a field added there and forgotten here fails a test.

// codecVersion leads every record, so a change of layout is caught when
// reading rather than misread.
// Version 2 added Exchange.Blocking, after StateAfter; version 3
// Exchange.StateVersion, after Blocking; version 4 Validators,
// RunningShown, Announced and SentContract after Extensions, and Cuts
// after Truncated; version 5 Exchange.Conn, after Extensions; version 6
// Exchange.Tenant, after A2AVersion, and AuthSeen.TokenScopes; version 7
// Exchange.CardFault, after Extensions; version 8 Exchange.ConnSeq,
// after Conn; version 9 AuthSeen.Places and MorePlaces, then TokenState,
// after TokenScopes, and Exchange.Fields, after ConnSeq.
const codecVersion = 9

var encodeBuffers = sync.Pool{New: func() any { return new([]byte) }}

// encodeExchange returns e encoded in a slice of its own, exactly sized.
func encodeExchange(e *Exchange) []byte {
	bp := encodeBuffers.Get().(*[]byte)
	buf := appendExchange((*bp)[:0], e)
	out := make([]byte, len(buf))
	copy(out, buf)
	if cap(buf) <= 64<<10 { // a huge record's buffer is not worth keeping
		*bp = buf
		encodeBuffers.Put(bp)
	}
	return out
}

func appendExchange(b []byte, e *Exchange) []byte {
	b = append(b, codecVersion)
	b = binary.AppendVarint(b, e.Seq)
	b = binary.AppendVarint(b, e.Time.Unix()) // seconds and nanoseconds: any time, the zero one too
	b = binary.AppendVarint(b, int64(e.Time.Nanosecond()))
	for _, s := range []string{e.Peer, e.Origin, e.Route, e.Op, e.Binding, e.Method, e.Path, e.Query} {
		b = appendString(b, s)
	}
	b = binary.AppendUvarint(b, uint64(len(e.Header)))
	for k, vs := range e.Header {
		b = appendString(b, k)
		b = appendStrings(b, vs)
	}
	b = appendString(b, e.Body)
	b = binary.AppendVarint(b, int64(e.Status))
	b = appendString(b, e.Response)
	b = binary.AppendVarint(b, int64(e.ErrorCode))
	b = appendString(b, e.Malformed)
	b = appendString(b, e.A2AVersion)
	b = appendString(b, e.Tenant)
	b = binary.AppendVarint(b, int64(e.CardVersion))
	for _, s := range []string{e.ContractHash, e.TaskID, string(e.StateBefore), string(e.StateAfter)} {
		b = appendString(b, s)
	}
	b = append(b, boolByte(e.Blocking))
	b = binary.AppendVarint(b, int64(e.StateVersion))
	b = appendString(b, e.TLSClient)
	b = appendStrings(b, e.Auth.Presented)
	b = appendStrings(b, e.Auth.TokenScopes)
	b = appendList(b, e.Auth.Places, func(b []byte, p Place) []byte { return appendString(appendString(b, p.Cred), p.Where) })
	b = binary.AppendVarint(b, int64(e.Auth.MorePlaces))
	b = appendString(b, e.Auth.TokenState)
	b = append(b, boolByte(e.Auth.SatisfiesCurrent), boolByte(e.Auth.Admitted))
	var meta []byte
	if e.RequestMetadata != nil {
		meta, _ = json.Marshal(e.RequestMetadata) // bound dropped what does not marshal
	}
	b = appendString(b, string(meta))
	b = appendStrings(b, e.Extensions)
	b = appendString(b, e.CardFault)
	b = appendConnection(b, e.Conn)
	b = binary.AppendVarint(b, e.ConnSeq)
	b = append(b, boolByte(e.Fields != nil))
	if f := e.Fields; f != nil {
		for _, n := range []int{f.Versions, f.OtherVersions, f.Authorization, f.ContentType} {
			b = binary.AppendVarint(b, int64(n))
		}
	}
	b = appendValidators(b, e.Validators)
	b = appendList(b, e.RunningShown, appendInt)
	b = appendStrings(b, e.Announced)
	b = append(b, boolByte(e.SentContract != nil))
	if e.SentContract != nil {
		b = appendString(b, e.SentContract.Hash)
	}
	b = appendStrings(b, e.Truncated)
	return appendList(b, e.Cuts, appendCut)
}

// appendValidators writes a presence flag, then v.
func appendValidators(b []byte, v *Validators) []byte {
	b = append(b, boolByte(v != nil))
	if v == nil {
		return b
	}
	b = appendList(b, v.Tags, appendValidator)
	b = binary.AppendVarint(b, int64(v.TagCount))
	b = append(b, boolByte(v.Star))
	b = appendList(b, v.Dates, appendValidator)
	b = binary.AppendVarint(b, int64(v.DateCount))
	return binary.AppendVarint(b, int64(v.Unserved))
}

// appendConnection writes a presence byte, then c's fields in order.
func appendConnection(b []byte, c *Connection) []byte {
	if c == nil {
		return append(b, 0)
	}
	b = append(b, 1)
	for _, s := range []string{c.Remote, c.Handshake, c.ServerName} {
		b = appendString(b, s)
	}
	b = appendStrings(b, c.ALPN)
	b = appendString(b, c.Protocol)
	b = appendString(b, c.ClientCert)
	b = append(b, boolByte(c.Impostor))
	b = binary.AppendVarint(b, c.Bytes)
	b = append(b, boolByte(c.HTTP2))
	b = binary.AppendVarint(b, c.Requests)
	b = appendString(b, c.EndedBy)
	return appendString(b, c.Unscanned)
}

func (d *decoder) connection() *Connection {
	if !d.bool() {
		return nil
	}
	c := &Connection{Remote: d.string(), Handshake: d.string(), ServerName: d.string()}
	c.ALPN = d.strings()
	c.Protocol, c.ClientCert = d.string(), d.string()
	c.Impostor = d.bool()
	c.Bytes = d.varint()
	c.HTTP2 = d.bool()
	c.Requests = d.varint()
	c.EndedBy, c.Unscanned = d.string(), d.string()
	return c
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// appendStrings is a list of strings (appendList).
func appendStrings(b []byte, ss []string) []byte { return appendList(b, ss, appendString) }

// appendList keeps nil and empty apart: a nil list is count 0, an empty
// one count 1 with no items, so a record decodes to what was stored
// (list reads it back).
func appendList[T any](b []byte, xs []T, item func([]byte, T) []byte) []byte {
	if xs == nil {
		return binary.AppendUvarint(b, 0)
	}
	b = binary.AppendUvarint(b, uint64(len(xs))+1)
	for _, x := range xs {
		b = item(b, x)
	}
	return b
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// decodeExchange is the inverse of encodeExchange.
func decodeExchange(data []byte) (Exchange, error) {
	d := decoder{b: data}
	if v := d.byte(); v != codecVersion {
		return Exchange{}, fmt.Errorf("mockpeer: journal record of layout %d, want %d", v, codecVersion)
	}
	var e Exchange
	e.Seq = d.varint()
	sec := d.varint()
	e.Time = time.Unix(sec, d.varint()).UTC()
	for _, s := range []*string{&e.Peer, &e.Origin, &e.Route, &e.Op, &e.Binding, &e.Method, &e.Path, &e.Query} {
		*s = d.string()
	}
	if n := d.uvarint(); n > 0 && d.err == nil {
		e.Header = make(http.Header, min(n, uint64(len(data))))
		for range n {
			k := d.string()
			e.Header[k] = d.strings()
		}
	}
	e.Body = d.string()
	e.Status = int(d.varint())
	e.Response = d.string()
	e.ErrorCode = int(d.varint())
	e.Malformed = d.string()
	e.A2AVersion = d.string()
	e.Tenant = d.string()
	e.CardVersion = int(d.varint())
	e.ContractHash, e.TaskID = d.string(), d.string()
	e.StateBefore, e.StateAfter = wire.TaskState(d.string()), wire.TaskState(d.string())
	e.Blocking = d.bool()
	e.StateVersion = int(d.varint())
	e.TLSClient = d.string()
	e.Auth.Presented = d.strings()
	e.Auth.TokenScopes = d.strings()
	e.Auth.Places = list(&d, func(d *decoder) Place { return Place{Cred: d.string(), Where: d.string()} })
	e.Auth.MorePlaces = int(d.varint())
	e.Auth.TokenState = d.string()
	e.Auth.SatisfiesCurrent, e.Auth.Admitted = d.bool(), d.bool()
	if meta := d.string(); meta != "" && d.err == nil {
		if err := json.Unmarshal([]byte(meta), &e.RequestMetadata); err != nil {
			return Exchange{}, fmt.Errorf("mockpeer: journal record %d: request metadata: %w", e.Seq, err)
		}
	}
	e.Extensions = d.strings()
	e.CardFault = d.string()
	e.Conn = d.connection()
	e.ConnSeq = d.varint()
	if d.bool() {
		e.Fields = &FieldCounts{Versions: int(d.varint()), OtherVersions: int(d.varint()),
			Authorization: int(d.varint()), ContentType: int(d.varint())}
	}
	e.Validators = d.validators()
	e.RunningShown = list(&d, func(d *decoder) int { return int(d.varint()) })
	e.Announced = d.strings()
	if d.bool() {
		e.SentContract = &SentContract{Hash: d.string()}
	}
	e.Truncated = d.strings()
	e.Cuts = list(&d, func(d *decoder) Cut {
		return Cut{Field: d.string(), Limit: int(d.varint()), Seen: int(d.varint()), AtLeast: d.bool()}
	})
	if d.err == nil && d.off != len(data) {
		d.err = errors.New("trailing bytes")
	}
	if d.err != nil {
		return Exchange{}, fmt.Errorf("mockpeer: journal record: %w", d.err)
	}
	return e, nil
}

// decoder reads a record; the first problem sticks and zeroes what follows.
type decoder struct {
	b   []byte
	off int
	err error
}

var errShortRecord = errors.New("record ends early")

func (d *decoder) byte() byte {
	if d.err != nil || d.off >= len(d.b) {
		d.err = errShortRecord
		return 0
	}
	d.off++
	return d.b[d.off-1]
}

// bool reads a byte written by boolByte; any other value is damage.
func (d *decoder) bool() bool {
	switch d.byte() {
	case 0:
		return false
	case 1:
		return true
	}
	if d.err == nil {
		d.err = errors.New("a flag byte other than 0 or 1")
	}
	return false
}

func (d *decoder) varint() int64 { return readVar(d, binary.Varint) }

func (d *decoder) uvarint() uint64 { return readVar(d, binary.Uvarint) }

// readVar reads one number with read (binary.Varint or binary.Uvarint).
func readVar[T int64 | uint64](d *decoder, read func([]byte) (T, int)) T {
	if d.err != nil {
		return 0
	}
	v, n := read(d.b[d.off:])
	if n <= 0 {
		d.err = errShortRecord
		return 0
	}
	d.off += n
	return v
}

func (d *decoder) string() string {
	n := d.uvarint()
	if d.err != nil || n > uint64(len(d.b)-d.off) {
		d.err = errShortRecord
		return ""
	}
	s := string(d.b[d.off : d.off+int(n)])
	d.off += int(n)
	return s
}

func (d *decoder) validators() *Validators {
	if !d.bool() {
		return nil
	}
	v := &Validators{}
	v.Tags = list(d, (*decoder).validator)
	v.TagCount = int(d.varint())
	v.Star = d.bool()
	v.Dates = list(d, (*decoder).validator)
	v.DateCount = int(d.varint())
	v.Unserved = int(d.varint())
	return v
}

func (d *decoder) validator() Validator {
	return Validator{Version: int(d.varint()), Weak: d.bool(), Star: d.bool(), Served: d.bool()}
}

// list reads a count-prefixed list written as appendStrings writes one,
// each item by item.
func list[T any](d *decoder, item func(*decoder) T) []T {
	n := d.uvarint()
	if d.err != nil || n == 0 {
		return nil
	}
	if n-1 > uint64(len(d.b)-d.off) { // every item takes a byte at least
		d.err = errShortRecord
		return nil
	}
	out := make([]T, 0, n-1)
	for range n - 1 {
		out = append(out, item(d))
	}
	return out
}

func (d *decoder) strings() []string { return list(d, (*decoder).string) }

// appendValidator writes one item of a list (appendList).
func appendValidator(b []byte, v Validator) []byte {
	b = binary.AppendVarint(b, int64(v.Version))
	b = append(b, boolByte(v.Weak), boolByte(v.Star), boolByte(v.Served))
	return b
}

// appendInt writes one item of a list (appendList).
func appendInt(b []byte, n int) []byte {
	b = binary.AppendVarint(b, int64(n))
	return b
}

// appendCut writes one item of a list (appendList).
func appendCut(b []byte, c Cut) []byte {
	b = appendString(b, c.Field)
	b = binary.AppendVarint(b, int64(c.Limit))
	b = binary.AppendVarint(b, int64(c.Seen))
	b = append(b, boolByte(c.AtLeast))
	return b
}
