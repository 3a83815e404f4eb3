package model

import (
	"sort"
	"strings"
)

// didYouMean returns " (did you mean X?)" when closestName finds X, or "".
func didYouMean(name string, candidates ...[]string) string {
	if c := closestName(name, candidates...); c != "" {
		return " (did you mean " + c + "?)"
	}
	return ""
}

// closestName returns the one name of candidates that is close to name (a
// typo: LDAPDN for LDAPDNN), or "".
// Close is an edit distance, ignoring case, of at most 1 for names of 3 to
// 5 characters, 2 up to 8 and 3 beyond; names of 1 or 2 characters only
// match a name that differs from them in case. Among equally close names
// none is suggested.
func closestName(name string, candidates ...[]string) string {
	limit := 0
	switch n := len(name); {
	case n > 8:
		limit = 3
	case n > 5:
		limit = 2
	case n > 2:
		limit = 1
	}
	best, bestDist, ties := "", limit+1, 0
	seen := map[string]bool{name: true}
	for _, list := range candidates {
		for _, c := range list {
			if seen[c] {
				continue
			}
			seen[c] = true
			d := editDistance(strings.ToLower(name), strings.ToLower(c), limit)
			switch {
			case d < bestDist:
				best, bestDist, ties = c, d, 0
			case d == bestDist:
				ties++
			}
		}
	}
	if ties > 0 {
		return ""
	}
	return best
}

// editDistance is the Levenshtein distance of a and b, or limit+1 when it
// is larger than limit.
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d > limit || -d > limit {
		return limit + 1
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return limit + 1
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// referenceNames lists, sorted, the names a reference in module m (and in
// the dummies of sc) may denote: m's definitions and imports, and the
// built-in type names that are written as references (IA5String, ...).
func referenceNames(sc *scope, m *Module, local bool) []string {
	var out []string
	for n := range m.defs {
		out = append(out, n)
	}
	for n := range m.imported {
		out = append(out, n)
	}
	if local {
		if sc != nil {
			for n := range sc.params {
				out = append(out, n)
			}
		}
		for n := range stringTags {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}
