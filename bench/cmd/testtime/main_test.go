package main

import (
	"strings"
	"testing"
)

func TestReadAndWrite(t *testing.T) {
	in := strings.Join([]string{
		`{"Time":"2026-12-02T10:00:00Z","Action":"run","Package":"m/a","Test":"TestSlow"}`,
		`{"Action":"pass","Package":"m/a","Test":"TestSlow/sub","Elapsed":4}`,
		`{"Time":"2026-12-02T10:00:05.5Z","Action":"pass","Package":"m/a","Test":"TestSlow","Elapsed":5.5}`,
		// Its parallel subtests ran past its own Elapsed, and it waited 10 s paused.
		`{"Time":"2026-12-02T10:00:00Z","Action":"run","Package":"m/a","Test":"TestParallel"}`,
		`{"Time":"2026-12-02T10:00:00Z","Action":"pause","Package":"m/a","Test":"TestParallel"}`,
		`{"Time":"2026-12-02T10:00:10Z","Action":"cont","Package":"m/a","Test":"TestParallel"}`,
		`{"Time":"2026-12-02T10:00:17Z","Action":"pass","Package":"m/a","Test":"TestParallel","Elapsed":1}`,
		`{"Action":"fail","Package":"m/a","Test":"TestBroken","Elapsed":2}`,
		`{"Action":"pass","Package":"m/a","Test":"TestQuick","Elapsed":0.1}`,
		`{"Action":"fail","Package":"m/a","Elapsed":8}`,
		`# m/c: a build error, not an event`,
		`{"Action":"pass","Package":"m/b","Elapsed":20}`,
	}, "\n")
	pkgs, err := read(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	write(&out, pkgs, 3)
	want := "" +
		"    20.0 s  m/b\n" +
		"     8.0 s  m/a  FAIL\n" +
		"     7.0 s      TestParallel\n" +
		"     5.5 s      TestSlow\n" +
		"     2.0 s      TestBroken  FAIL\n" +
		"    28.0 s  the packages' times summed (2 packages; they run -p at a time)\n"
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}
