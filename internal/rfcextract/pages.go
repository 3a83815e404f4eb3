package rfcextract

import (
	"regexp"
	"strings"
)

// line is one line of the text once the page furniture is gone.
type line struct {
	text string
	num  int // 1-based line number in the source text
}

var (
	// footerRE matches a page footer: "Housley   Standards Track   [Page 12]".
	footerRE = regexp.MustCompile(`^\S.*\s\[Page [0-9]+\]\s*$`)
	// headerRE matches a page header when the form feed has been lost:
	// "RFC 5912          New ASN.1 for PKIX          June 2010".
	headerRE = regexp.MustCompile(`^(RFC [0-9]+|Internet-Draft)\s\s`)
)

// The page layout of the RFC Editor's formatters (nroff and xml2rfc v2
// alike): a header line and two blank lines open a page, and at least three
// blank lines and a footer line close it. Every page break in the corpus
// has exactly these margins when the page is full. A document with smaller
// margins lowers them (see stripPages).
const (
	defaultTopMargin    = 2
	defaultBottomMargin = 3
)

// pageBreak is one page break found in the text, as indices into the
// source lines.
type pageBreak struct {
	footer int // index of the footer line
	header int // index of the header line, or -1 if there is none
	// pre is the number of blank lines just before the footer, post the
	// number just after the header.
	pre, post int
	// first and last are the first and last indices of the whole break,
	// surrounding blank lines included.
	first, last int
}

func isBlank(s string) bool { return strings.TrimSpace(s) == "" }

// findPageBreaks finds the page breaks of src. A page break is a footer
// line (ending in "[Page N]"), then a form feed (on a line of its own, at
// the end of the footer or at the start of the header line), then a header
// line at the left margin, with blank lines around them. Texts whose form
// feeds were stripped are handled too: then a footer followed (after blank
// lines) by a line that looks like an RFC or Internet-Draft header is a
// page break.
func findPageBreaks(src []string) []pageBreak {
	hasFF := func(i int) bool { return strings.Contains(src[i], "\f") }
	// blank reports a blank line that holds no form feed.
	blank := func(i int) bool { return isBlank(src[i]) && !hasFF(i) }
	var breaks []pageBreak
	for i := 0; i < len(src); i++ {
		if !footerRE.MatchString(src[i]) {
			continue
		}
		b := pageBreak{footer: i, header: -1}
		j := i // the last line of the footer part: footer, blanks, form feed
		if !hasFF(i) {
			// Blank lines between the footer and the form feed are furniture.
			k := i + 1
			for k < len(src) && blank(k) {
				k++
			}
			switch {
			case k == len(src):
				// The footer of the last page, with no form feed after it.
				j = k - 1
			case hasFF(k):
				j = k
			case headerRE.MatchString(src[k]):
				// No form feed, but a header: the form feed was lost.
				j = k - 1
			default:
				// A line that looks like a footer in the middle of a page.
				continue
			}
		}
		switch h := j + 1; {
		case hasFF(j) && j != i && !isBlank(strings.ReplaceAll(src[j], "\f", "")):
			b.header = j // "\fRFC 5912 ...": the header shares the form feed's line
		case h < len(src) && !isBlank(src[h]) && src[h][0] != ' ' && src[h][0] != '\t':
			b.header = h
		}
		// Otherwise a form feed with no header after it (the last page,
		// or a text without headers): nothing more to remove.

		k := i - 1
		for k >= 0 && blank(k) {
			k--
		}
		b.pre = i - 1 - k
		b.first = k + 1
		b.last = j
		if b.header >= 0 {
			m := b.header + 1
			for m < len(src) && blank(m) {
				m++
			}
			b.post = m - b.header - 1
			b.last = m - 1
		}
		breaks = append(breaks, b)
		i = b.last
	}
	return breaks
}

// stripPages removes the page furniture from src and returns the remaining
// lines with their source line numbers.
//
// Blank-line rule. The formatter surrounds every break with blank lines of
// its own (the margins: defaultBottomMargin before the footer, and
// defaultTopMargin after the header), and more blank lines before the
// footer when it ended the page early (to keep a block together or to
// avoid a widow). The blank line that the text itself had at the break
// point, if any, is either among those blank lines or was dropped by the
// formatter; it cannot be told apart from page fill. So a page break is
// replaced by exactly one blank line when more blank lines surround it
// than the two margins account for, and by nothing otherwise. This keeps
// the paragraph gaps that survive in the RFC (a blank line at the top of
// the new page, or a short page) without ever doubling one; a gap the
// formatter dropped (a full page ending right at it) stays lost, since the
// text no longer records it.
//
// The margins are the smallest counts seen in the document, capped by the
// defaults, so a short document whose only page happens to end early does
// not raise them.
func stripPages(src []string) []line {
	breaks := findPageBreaks(src)
	top, bottom := defaultTopMargin, defaultBottomMargin
	for _, b := range breaks {
		if b.header >= 0 && b.last+1 < len(src) {
			top = min(top, b.post)
			bottom = min(bottom, b.pre)
		}
	}
	// A form feed outside a page break (say, with no footer) is not text.
	out := make([]line, 0, len(src))
	next := 0
	for _, b := range breaks {
		for ; next < b.first; next++ {
			out = append(out, line{strings.ReplaceAll(src[next], "\f", ""), next + 1})
		}
		if b.header >= 0 && b.last+1 < len(src) && (b.pre > bottom || b.post > top) {
			out = append(out, line{"", b.footer + 1})
		}
		next = b.last + 1
	}
	for ; next < len(src); next++ {
		out = append(out, line{strings.ReplaceAll(src[next], "\f", ""), next + 1})
	}
	return out
}
