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

// OwnNames sorts names in place and drops repeats: the form MergeNames
// keeps, made without a copy from a slice that is the caller's own.
func OwnNames(names []string) []string {
	slices.Sort(names)
	return slices.Compact(names)
}
