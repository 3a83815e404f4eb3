# asn1gen build targets. The README names two of them for a fresh machine:
# `make generate` (the main job) and `make test`.

GO          ?= go
STATICCHECK ?= honnef.co/go/tools/cmd/staticcheck@v0.8.2
FUZZTIME    ?= 10s
FUZZPROCS   ?= $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
# How long go test minimizes each input that finds new coverage: Go's
# default, 60s, stops all fuzzing meanwhile, and a short run of a target
# whose inputs are kilobytes and whose body takes a millisecond spent
# nearly all its time there (FuzzCertificate: 82 executions in 11 s).
# 0: no minimization, nor of a failing input, which is kept as found.
# Long campaigns may want FUZZMINIMIZETIME=60s.
FUZZMINIMIZETIME ?= 0
# Every go test has a timeout, which fails with the name of the test that
# ran too long (and the stacks): generous, so that a loaded machine fails
# only on a real failure.
TESTTIMEOUT ?= 30m
LONGTIMEOUT ?= 60m
BENCHTIME   ?= 1s
BENCHCOUNT  ?= 1

# The shared corpus of real ASN.1 modules and encodings, when this checkout sits
# beside it. Corpus-wide tests skip cleanly without it.
# Tests run in their package's directory, so a relative path given on the
# command line is made absolute here.
ASN1GEN_CORPUS ?= $(wildcard $(CURDIR)/../shared/corpus)
export ASN1GEN_CORPUS := $(abspath $(ASN1GEN_CORPUS))

.PHONY: all generate check-generated test test-long lint vet staticcheck fuzz bench build web test-browser

all: build test

build:
	$(GO) build ./...

# Rebuild generated/ from modules/: every package under generated/ carries the
# //go:generate line that produces it.
generate:
	$(GO) generate ./generated/...

# Fails when generated/ (or internal/oidnames, the command line's copy of
# the generated OID tables) is stale with respect to modules/ and the
# generator.
check-generated: generate
	git add -N generated internal/oidnames
	git diff --exit-code -- generated internal/oidnames

# The README's test command: vet, then every test (the corpus-wide ones when
# the corpus is beside the checkout) but the long cross-checks below.
# go test's own vet pass (a subset of go vet's analyzers) is off: go vet has
# just checked every package and its tests, and the subset costs a second
# type check of each test package (18 CPU-s for generated/nrrrc alone).
test: vet
	$(GO) test -vet=off -timeout $(TESTTIMEOUT) ./...

# The long cross-checks, which .ci/run runs after make test: NR RRC's eight
# messages and NGAP-PDU exchanged with Erlang's asn1ct (erlc compiles them
# for minutes), the part of NR RRC that asn1c 0.9.28 compiles, and the
# round trip of 100,000 mutants of the real messages per generated PER
# package (make test decodes 5,000), the types of every corpus module set
# exchanged with asn1ct in JER, with their OER and COER round trip, and the
# OER and JER round trip of random encodings of every type of the corpus
# sets but the 3GPP ones. make vet checks them, as for make test.
LONGTESTS = TestPERInteropRRC|TestPERInteropNGAP|TestPERAsn1cRRC|TestJERInteropCorpus|TestCorpusOERRoundTrip
PERMUTANTS ?= 100000
test-long:
	ASN1GEN_PER_RRC=1 ASN1GEN_PER_NGAP=1 ASN1GEN_JER_CORPUS=1 ASN1GEN_OER_ROUNDTRIP=1 $(GO) test -vet=off -timeout $(LONGTIMEOUT) -run '^($(LONGTESTS))$$' ./codegen/gen
	ASN1GEN_PER_MUTANTS=$(PERMUTANTS) $(GO) test -vet=off -timeout $(LONGTIMEOUT) -run '^TestMutantRoundTrip$$' ./generated/ngap ./generated/s1ap ./generated/nrrrc ./generated/etsiits

lint: vet staticcheck

vet:
	$(GO) vet ./...

# .ci/run calls it alone: make test has run go vet already.
staticcheck:
	$(GO) run $(STATICCHECK) ./...

# A short run of every fuzz target in the module (FUZZTIME each: a duration,
# or a count of executions such as 20000x), then a table of each target's
# executions per second (internal/fuzztable), per worker too: FUZZPROCS
# fuzzing processes, one per core. Long campaigns: make fuzz FUZZTIME=10m
# FUZZMINIMIZETIME=60s
# The targets are found in the test files' source rather than with go test
# -list, which would link every package's test binary first. A failing
# target stops the run, after the table of those that ran. make vet checks
# the packages, as for make test.
fuzz:
	@pds=$$($(GO) list -f '{{.ImportPath}}:{{.Dir}}' ./...) || exit 1; \
	log=$$(mktemp); trap 'rm -f "$$log" "$$log.rc"' EXIT; rc=0; \
	for pd in $$pds; do \
		pkg=$${pd%%:*}; dir=$${pd#*:}; \
		for target in $$(cat $$dir/*_test.go 2>/dev/null | sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' | sort -u); do \
			echo "== $$pkg $$target" | tee -a "$$log"; \
			{ $(GO) test -vet=off $$pkg -v -run '^$$' -fuzz "^$$target$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZETIME) -parallel $(FUZZPROCS) 2>&1; \
				echo $$? >"$$log.rc"; } | tee -a "$$log"; \
			rc=$$(cat "$$log.rc"); [ "$$rc" = 0 ] || break 2; \
		done; \
	done; \
	echo "== executions per second"; \
	$(GO) run ./internal/fuzztable -workers $(FUZZPROCS) <"$$log" || rc=$$?; \
	exit $$rc

# Benchmarks with ratios to the baselines measured in the same process.
# bench/compare is a module of its own: the other Go libraries it measures
# against are not dependencies of asn1gen.
bench:
	$(GO) test -run '^$$' -bench . -benchmem -benchtime $(BENCHTIME) -count $(BENCHCOUNT) ./bench/... | tee bench.out
	cd bench/compare && $(GO) test -run '^$$' -bench . -benchmem -benchtime $(BENCHTIME) -count $(BENCHCOUNT) . | tee -a ../../bench.out
	$(GO) run ./internal/benchtable < bench.out

# The browser playground's site in web/static: the two WebAssembly modules
# of web/wasm (the one that decodes; the one that generates Go, loaded for
# the Go tab only) and Go's loader beside the page (ignored by git). Serve it
# with `asn1gen serve -dir web/static`, or from any static host.
web:
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o web/static/asn1gen.wasm ./web/wasm
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -tags playgroundgen -o web/static/asn1gen-gen.wasm ./web/wasm
	cp "$$($(GO) env GOROOT)/lib/wasm/wasm_exec.js" web/static/ 2>/dev/null || cp "$$($(GO) env GOROOT)/misc/wasm/wasm_exec.js" web/static/
	@ls -l web/static/*.wasm | awk '{print $$9 ": " $$5 " bytes"}'

# The playground in Debian's chromium (web/browser, a module of its own
# that requires chromedp: make test needs no browser), on the site make
# web builds. The screenshots go to SCREENSHOTS, by default
# web/screenshots, which the README shows; the timings are logged as
# "measure:" lines (-count=1: the go command caches the test's result
# when the site it serves changed).
SCREENSHOTS ?= $(CURDIR)/web/screenshots
test-browser: web
	ASN1GEN_WEB_DIR=$(CURDIR)/web/static ASN1GEN_SCREENSHOTS=$(SCREENSHOTS) \
		$(GO) -C web/browser test -vet=off -count=1 -run '^TestBrowser$$' -v -timeout 15m .
