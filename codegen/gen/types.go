package gen

import (
	"github.com/asn1gen/asn1gen/codegen/plan"
)

type emitter struct {
	p   *plan.Plan
	cfg Config
	tmp int // counter for temporaries, reset per function
	// viewNames indexes viewNameList, the names of the steps of the
	// paths of views (view.go).
	viewNames    map[string]int
	viewNameList []string
	per          perState
}
