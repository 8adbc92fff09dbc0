package journal

import "slices"

// MergeNames adds the names of more to names, sorted and unique.
func MergeNames(names, more []string) []string {
	for _, n := range more {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}
