package cardsig

import (
	"encoding/binary"
	"encoding/hex"
	"math"
	"strconv"
	"testing"

	"github.com/gowebpki/jcs"
)

// The canonical payload is only as good as its JCS. These are the examples
// of RFC 8785 (§3.2.2, §3.2.3 and the number table of appendix B), run
// through the library this package uses and through CanonicalPayload.

func TestJCSRFC8785Examples(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{
			"§3.2.2 canonical form",
			`{
			  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
			  "string": "\u20ac$\u000F\u000aA'\u0042\u0022\u005c\\\"\/",
			  "literals": [null, true, false]
			}`,
			`{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\u000f\nA'B\"\\\\\"/"}`,
		},
		{
			"§3.2.3 sorting by UTF-16 code units",
			`{"\u20ac": "Euro Sign", "\r": "Carriage Return", "\ufb33": "Hebrew Letter Dalet With Dagesh",
			  "1": "One", "\ud83d\ude00": "Emoji: Grinning Face", "\u0080": "Control",
			  "\u00f6": "Latin Small Letter O With Diaeresis"}`,
			"{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u0080\":\"Control\",\"\u00f6\":\"Latin Small Letter O With Diaeresis\"," +
				"\"\u20ac\":\"Euro Sign\",\"\U0001F600\":\"Emoji: Grinning Face\",\"\ufb33\":\"Hebrew Letter Dalet With Dagesh\"}",
		},
		{
			// U+1F600 is the pair D83D DE00, U+FF61 is one unit FF61: code
			// units put the emoji first, code points would not.
			"surrogate pair before a high BMP character",
			`{"\uff61": 1, "\ud83d\ude00": 2}`,
			"{\"\U0001F600\":2,\"\uff61\":1}",
		},
		{
			"string escapes: short forms, lowercase hex, nothing else escaped",
			`["\u0000\u0008\u0009\u000a\u000c\u000d\u001f", "\u007f\u00e9\u20ac", "a/b", "<&>"]`,
			"[\"\\u0000\\b\\t\\n\\f\\r\\u001f\",\"\u007fé€\",\"a/b\",\"<&>\"]",
		},
		{
			"numbers of the brief",
			`[1e+30, 4.50, 2e-3, 0.000001, 1e-7, -0, 1e21, 1e20, 100.0]`,
			`[1e+30,4.5,0.002,0.000001,1e-7,0,1e+21,100000000000000000000,100]`,
		},
		{"whitespace between tokens", " { \"a\" : [ 1 , 2 ] } ", `{"a":[1,2]}`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := jcs.Transform([]byte(tc.in))
			if err != nil {
				t.Fatalf("Transform: %v", err)
			}
			if string(got) != tc.want {
				t.Errorf("Transform\n got %s\nwant %s", got, tc.want)
			}
		})
	}
}

// RFC 8785 appendix B: IEEE 754 bit patterns and their ES6 serialization.
func TestJCSRFC8785Numbers(t *testing.T) {
	cases := []struct{ bits, want string }{
		{"0000000000000000", "0"},
		{"8000000000000000", "0"}, // minus zero
		{"0000000000000001", "5e-324"},
		{"8000000000000001", "-5e-324"},
		{"7fefffffffffffff", "1.7976931348623157e+308"},
		{"ffefffffffffffff", "-1.7976931348623157e+308"},
		{"4340000000000000", "9007199254740992"},
		{"c340000000000000", "-9007199254740992"},
		{"4430000000000000", "295147905179352830000"},
		{"44b52d02c7e14af5", "9.999999999999997e+22"},
		{"44b52d02c7e14af6", "1e+23"},
		{"44b52d02c7e14af7", "1.0000000000000001e+23"},
		{"444b1ae4d6e2ef4e", "999999999999999700000"},
		{"444b1ae4d6e2ef4f", "999999999999999900000"},
		{"444b1ae4d6e2ef50", "1e+21"},
		{"3eb0c6f7a0b5ed8c", "9.999999999999997e-7"},
		{"3eb0c6f7a0b5ed8d", "0.000001"},
		{"41b3de4355555553", "333333333.3333332"},
		{"41b3de4355555554", "333333333.33333325"},
		{"41b3de4355555555", "333333333.3333333"},
		{"41b3de4355555556", "333333333.3333334"},
		{"41b3de4355555557", "333333333.33333343"},
		{"becbf647612f3696", "-0.0000033333333333333333"},
		{"43143ff3c1cb0959", "1424953923781206.2"},
	}
	for _, tc := range cases {
		raw, err := hex.DecodeString(tc.bits)
		if err != nil {
			t.Fatal(err)
		}
		f := math.Float64frombits(binary.BigEndian.Uint64(raw))
		// Written with 17 significant digits and an exponent, so the input
		// text never already looks like the output.
		in := "[" + strconv.FormatFloat(f, 'e', 16, 64) + "]"
		got, err := jcs.Transform([]byte(in))
		if err != nil {
			t.Errorf("%s: Transform(%s): %v", tc.bits, in, err)
			continue
		}
		if want := "[" + tc.want + "]"; string(got) != want {
			t.Errorf("%s: Transform(%s) = %s, want %s", tc.bits, in, got, want)
		}
	}
}

func TestJCSRejectsWhatHasNoCanonicalForm(t *testing.T) {
	for _, in := range []string{
		`{"a": 1, "a": 2}`, // duplicate member
		`["\ud83d"]`,       // lone high surrogate
		`["\ude00"]`,       // lone low surrogate
		`[1e400]`,          // not an IEEE 754 double
	} {
		if got, err := jcs.Transform([]byte(in)); err == nil {
			t.Errorf("Transform(%s) = %s, want an error", in, got)
		}
		card := `{"name":"x","params":` + in + `}`
		if _, err := CanonicalPayload([]byte(card)); err == nil {
			t.Errorf("CanonicalPayload(%s) succeeded, want an error", card)
		}
	}
}

// The payload goes through JCS: numbers and strings inside a card come out
// in canonical form, members sorted.
func TestCanonicalPayloadIsJCS(t *testing.T) {
	in := `{"name":"n","capabilities":{"extensions":[{"uri":"u","params":{"n":[1E30,4.50,2e-3],"z":1,"\u20ac":"\u00e9","a":"<&>"}}]}}`
	want := `{"capabilities":{"extensions":[{"params":{"a":"<&>","n":[1e+30,4.5,0.002],"z":1,"€":"é"},"uri":"u"}]},"name":"n"}`
	got, err := CanonicalPayload([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != want {
		t.Errorf("CanonicalPayload\n got %s\nwant %s", got, want)
	}
}
