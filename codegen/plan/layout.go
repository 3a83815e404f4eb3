// Layout: which fields are stored behind pointers, to break recursive
// cycles and to keep large CHOICE alternatives and table rows out of line,
// and the size estimates that decide it.

package plan

import (
	"strings"

	"github.com/asn1gen/asn1gen/codegen/model"
)

// markPointers stores a struct field behind a pointer where fields by value
// would make a Go type contain itself.
func (p *Plan) markPointers() {
	state := map[*Type]int{} // 1 on the stack, 2 done
	var visit func(gt *Type)
	visit = func(gt *Type) {
		state[gt] = 1
		for _, f := range p.valueEdges(gt) {
			if f.Named == nil {
				continue
			}
			tgt := ResolveAlias(f.Named)
			switch state[tgt] {
			case 1:
				f.Ptr = true
			case 0:
				visit(tgt)
			}
		}
		state[gt] = 2
	}
	for _, gt := range p.Types {
		if state[gt] == 0 {
			visit(ResolveAlias(gt))
		}
	}
}

// valueEdges lists the fields of gt stored by value, including union
// entries (as pseudo-fields), for the cycle check.
func (p *Plan) valueEdges(gt *Type) []*Field {
	var out []*Field
	if gt.Base != nil {
		return []*Field{{Named: gt.Base}}
	}
	out = append(out, gt.Fields...)
	if gt.Union != nil {
		for _, e := range gt.Union.Rows {
			if e.Field != nil {
				out = append(out, e.Field)
			}
		}
	}
	return out
}

// Pointer thresholds, in bytes of the Go value: a CHOICE alternative or a
// row of an open type's table larger than this is stored behind a pointer,
// allocated only when that alternative or row is decoded. Values by field
// make every alternative cost its size in every element (GeneralName would
// carry a whole ORAddress); pointers cost an allocation each. Slices,
// strings, OIDs and small structs stay inline.
const (
	choicePointerSize = 64
	unionPointerSize  = 48
	choiceBudget      = 128
	// unionBudget is the most bytes a union's fields may add up to before
	// its rows go behind pointers (unionRowsOut).
	unionBudget = 128
)

// choiceSize is the size of a CHOICE's alternatives together.
func (p *Plan) choiceSize(gt *Type, memo map[*Type]int) int {
	n := 0
	for _, f := range gt.Fields {
		n += p.fieldSize(f, memo, 0)
	}
	return n
}

// markLarge stores large CHOICE alternatives and table rows behind
// pointers. A CHOICE value is as large as all its alternatives together,
// so when they add up to more than choiceBudget bytes, its largest
// alternatives over unionPointerSize bytes go behind pointers too, until
// they fit or none is left (GeneralName's EDIPartyName, 56 bytes of 224).
func (p *Plan) markLarge() {
	memo := map[*Type]int{}
	for _, gt := range p.Types {
		for _, f := range gt.Fields {
			if gt.Kind == model.TypeChoice && !f.Ptr && p.fieldSize(f, memo, 0) > choicePointerSize {
				f.Ptr = true
			}
		}
		if gt.Kind == model.TypeChoice && !gt.Single {
			for p.choiceSize(gt, memo) > choiceBudget {
				var largest *Field
				for _, f := range gt.Fields {
					if n := p.fieldSize(f, memo, 0); !f.Ptr && n > unionPointerSize && (largest == nil || n > p.fieldSize(largest, memo, 0)) {
						largest = f
					}
				}
				if largest == nil {
					break
				}
				largest.Ptr = true
				clear(memo) // the sizes of what holds gt changed
			}
		}
		if gt.Union != nil {
			for _, e := range gt.Union.Rows {
				if e.Field != nil && !e.Field.Ptr && p.fieldSize(e.Field, memo, 0) > unionPointerSize {
					e.Field.Ptr = true
				}
			}
		}
	}
}

// SetCodecs sets the codecs of the package and the layout that depends on
// them: in a package with DER or PER, the rows of a union whose fields add
// up to more than unionBudget bytes go behind pointers (unionRowsOut).
func (p *Plan) SetCodecs(c Codecs) {
	p.Codecs = c
	if !c.DER && !c.PER() {
		return
	}
	memo := map[*Type]int{}
	moved := false
	for _, gt := range p.Types {
		if u := gt.Union; u != nil && p.unionSize(u, memo) > unionBudget {
			p.unionRowsOut(u, memo)
			moved = true
		}
	}
	if moved {
		p.shareUnionSlots() // the fields of rows now behind pointers
	}
}

// unionSize is the size of a union's fields together: a field per Go
// layout of its rows (see shareUnionSlots).
func (p *Plan) unionSize(u *Union, memo map[*Type]int) int {
	n := 0
	seen := map[string]bool{}
	for _, e := range u.Rows {
		if e.Field == nil {
			continue
		}
		if key, _, _ := p.slotKey(e.Field); !seen[key] {
			seen[key] = true
			n += p.fieldSize(e.Field, memo, 0)
		}
	}
	return n
}

// unionRowsOut stores the rows of a union over unionBudget behind
// pointers: those of a named type larger than a pointer, but for the
// instances of a parameterized CHOICE that share one field (the
// DirectoryStrings of a Name's attributes). Every certificate extension
// inline made each Extension 408 bytes, zeroed on decode and scanned by
// the collector whichever row it holds; behind pointers it is 192, for
// an allocation per extension: the root certificates' decode takes as
// many instructions with the collector running (2.9% more with it off),
// 17% fewer bytes and 3 more allocations per certificate. In PER the
// gain is larger: NGAP's InitiatingMessage value held a field per
// procedure (3,696 bytes for every message) and each IE the fields of all
// the IEs of its message; behind pointers an APER decode of the real
// messages takes 28-37% fewer instructions with the collector running
// (5.8% fewer with it off) and 62% fewer bytes, for 1.3 more allocations
// per message. A package with neither (OER or JER alone, not measured) keeps
// its rows inline.
func (p *Plan) unionRowsOut(u *Union, memo map[*Type]int) {
	for _, e := range u.Rows {
		f := e.Field
		if f == nil || f.Ptr || f.Named == nil || p.fieldSize(f, memo, 0) <= 8 {
			continue
		}
		if key, _, _ := p.slotKey(f); strings.HasPrefix(key, "choice ") {
			continue
		}
		f.Ptr = true
	}
	clear(memo) // the sizes of what holds u changed
}

func (p *Plan) fieldSize(f *Field, memo map[*Type]int, depth int) int {
	if f.Ptr {
		return 8
	}
	if f.Named != nil {
		return p.size(f.Named, memo, depth+1)
	}
	return builtinSize(f.Type)
}

// size estimates the size of a Go type's values (amd64 layout, padding
// ignored but for booleans rounded to a word).
func (p *Plan) size(gt *Type, memo map[*Type]int, depth int) int {
	if n, ok := memo[gt]; ok {
		return n
	}
	if depth > 30 {
		return 8
	}
	memo[gt] = 8 // a cycle is broken by a pointer
	n := 0
	switch {
	case gt.Alias != nil:
		n = p.size(gt.Alias, memo, depth+1)
	case gt.Base != nil:
		n = p.size(gt.Base, memo, depth+1)
	case gt.Union != nil:
		n = 32
		for _, e := range gt.Union.Rows {
			if e.Field != nil {
				n += p.fieldSize(e.Field, memo, depth)
			}
		}
	default:
		switch gt.Kind {
		case model.TypeSequence, model.TypeSet, model.TypeChoice:
			fields := gt.Fields
			if gt.Single {
				fields = fields[:1]
			}
			for _, f := range fields {
				n += p.fieldSize(f, memo, depth)
				if f.Has != "" {
					n += 8
				}
				if f.Raw != "" {
					n += 24
				}
			}
			if gt.Kind == model.TypeChoice {
				n += 8
			}
			if gt.Unknown != "" {
				n += 24
			}
			if gt.Raw != "" {
				n += 24
			}
		case model.TypeSequenceOf, model.TypeSetOf:
			n = 24
		default:
			n = builtinSize(gt.Body)
		}
	}
	memo[gt] = n
	return n
}
