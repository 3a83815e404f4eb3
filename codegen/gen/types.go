package gen

import (
	"github.com/asn1gen/asn1gen/codegen/emit/derstmt"
	"github.com/asn1gen/asn1gen/codegen/plan"
)

type emitter struct {
	derstmt.Stmts
	p   *plan.Plan
	cfg Config
	// viewNames indexes viewNameList, the names of the steps of the
	// paths of views (view.go).
	viewNames    map[string]int
	viewNameList []string
}
