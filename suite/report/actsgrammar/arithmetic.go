package actsgrammar

import "fmt"

// counts is a level-summary.
type counts struct{ total, passed, failed, skipped, errors int }

func (n *counts) add(result string) {
	n.total++
	switch result {
	case "pass":
		n.passed++
	case "fail":
		n.failed++
	case "skip":
		n.skipped++
	case "error":
		n.errors++
	}
}

func countsOf(m map[string]any) counts {
	get := func(k string) int { return int(m[k].(float64)) }
	return counts{get("total"), get("passed"), get("failed"), get("skipped"), get("errors")}
}

// arithmetic checks that every total is the sum of its parts and that the
// summary and each level of by_level count exactly the document's tests.
// It runs on a document whose types are already right.
func (c *checker) arithmetic(doc map[string]any) {
	var all counts
	byLevel := map[string]*counts{}
	for _, l := range levels {
		byLevel[l] = &counts{}
	}
	for _, s := range doc["suites"].([]any) {
		for _, t := range s.(map[string]any)["tests"].([]any) {
			test := t.(map[string]any)
			result := test["result"].(string)
			all.add(result)
			byLevel[test["level"].(string)].add(result)
		}
	}
	sum := doc["summary"].(map[string]any)
	c.sameCounts("$.summary", countsOf(sum), all)
	for _, l := range levels {
		c.sameCounts("$.summary.by_level."+l, countsOf(sum["by_level"].(map[string]any)[l].(map[string]any)), *byLevel[l])
	}
}

func (c *checker) sameCounts(path string, got, tests counts) {
	if got.total != got.passed+got.failed+got.skipped+got.errors {
		c.fail(path, "total %d is not passed+failed+skipped+errors (%d)", got.total, got.passed+got.failed+got.skipped+got.errors)
	}
	if got != tests {
		c.fail(path, "counts %s, but the tests make %s", got, tests)
	}
}

func (n counts) String() string {
	return fmt.Sprintf("%d total (%d passed, %d failed, %d skipped, %d errors)", n.total, n.passed, n.failed, n.skipped, n.errors)
}
