# Promo: `make run` builds the example site and serves it with the mock upstream;
# `make test` runs every test; `make bench` measures against DESIGN §7.
SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
GO_SOURCES := $(shell find . -name '*.go' -not -path './node_modules/*') go.mod go.sum
NODE := node_modules/node/bin/node
ADDR ?= 127.0.0.1:8080

.PHONY: setup run dev build lambda container test test-go test-fuzz test-content test-ts test-e2e check-format bench clean

# Installs the locked packages and the pinned Node LTS that prerenders pages. Not
# `npm ci`: the registry reachable here lacks the other platforms' optional builds of
# some packages (rollup's), which npm then leaves out of the lock file, and `npm ci`
# refuses such a lock; `npm install` installs exactly the locked versions all the same.
node_modules/.package-lock.json: package.json package-lock.json
	npm install --no-audit --no-fund
	@test -x $(NODE) || { echo "the pinned Node did not install: see README (Node)" >&2; exit 1; }

setup: node_modules/.package-lock.json bin/promo

bin/promo: $(GO_SOURCES)
	go build -o bin/promo ./cmd/promo

build: setup
	bin/promo build

run: build
	bin/promo serve --addr $(ADDR)

dev: setup
	bin/promo dev --addr $(ADDR)

test: setup check-format test-go test-fuzz test-content test-ts test-e2e

# The repository's own content: every bundle checked against English.
test-content: setup
	bin/promo check --quiet

check-format:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "not gofmt-formatted: $$out" >&2; exit 1; fi
	go vet ./...

# The function's shared-state tests run against Debian's redis-server (installed
# here like chromium for the browser tests); PROMO_REQUIRE_REDIS makes its absence a
# failure instead of a skip.
test-go:
	bash scripts/install-redis.sh
	PROMO_REQUIRE_REDIS=1 go test -race -count=1 ./...

# Short fuzz runs of the request router, URL rules and the page scanner of the inline
# style (longer ones in `make bench`).
# Counted in executions, not seconds: a time limit races Go's fuzz coordinator
# (golang/go#75804, fixed in Go 1.27) and fails at random on a busy machine.
FUZZTIME ?= 30000x
test-fuzz:
	go test -run='^$$' -fuzz='^FuzzRoute$$' -fuzztime=$(FUZZTIME) ./function
	go test -run='^$$' -fuzz='^FuzzMembers$$' -fuzztime=$(FUZZTIME) ./function
	go test -run='^$$' -fuzz='^FuzzRedirect$$' -fuzztime=$(FUZZTIME) ./internal/cdn
	go test -run='^$$' -fuzz='^FuzzAddHTML$$' -fuzztime=$(FUZZTIME) ./internal/criticalcss

test-ts: setup
	$(NODE) node_modules/typescript/bin/tsc --noEmit -p .
	$(NODE) node_modules/vitest/vitest.mjs run

test-e2e: setup
	bash scripts/install-browser.sh
	bin/promo build
	cd e2e && PATH="$(CURDIR)/node_modules/node/bin:$$PATH" ../$(NODE) ../node_modules/@playwright/test/cli.js test -c playwright.config.ts $(E2E_ARGS)

# Build time and memory (759 and 7,590 pages), page weight (brotli), the function and
# the static server; whole `promo build` processes against Hugo on the same 759 pages
# (Hugo installed by `go install` at HUGO_VERSION into .bench/bin); then the function
# against nginx on loopback under wrk (installs both from Debian if missing),
# Lighthouse on the example pages (scripts/lighthouse, its own pinned packages) and
# longer fuzzing.
HUGO_VERSION := v0.163.3
HUGO := .bench/bin/hugo-$(HUGO_VERSION)
$(HUGO):
	mkdir -p .bench/bin
	GOBIN=$(CURDIR)/.bench/bin go install github.com/gohugoio/hugo@$(HUGO_VERSION)
	mv .bench/bin/hugo $@

bench: setup $(HUGO)
	go test -run='^$$' -bench='Build|Rebuild|PageWeight' -benchmem -count=6 ./generator | tee bench.out
	go test -run='^$$' -bench=. -benchmem -count=6 ./function ./internal/cdn | tee -a bench.out
	@echo "== whole processes, in turn: promo build (no cache, repeat, one text changed) and Hugo, medians of 7 rounds"
	PROMO_HUGO=$(CURDIR)/$(HUGO) go test -run='^$$' -bench=ProcessVsHugo -benchtime=1x ./generator | tee -a bench.out
	go test -run='^$$' -bench=SaveToReload -benchtime=1x -count=3 ./internal/dev | tee -a bench.out
	bash scripts/install-browser.sh
	$(NODE) scripts/bench/hot-update.mjs | tee -a bench.out
	@echo "== medians of the runs above (benchstat)"
	go tool benchstat bench.out
	DUR=10s FAULT_SOAK=600 bash function/bench/run.sh | tee -a bench.out
	bash scripts/lighthouse/run.sh | tee -a bench.out
	$(MAKE) test-fuzz FUZZTIME=600000x

# The function for AWS Lambda's provided.al2023 runtime, arm64 and amd64: one zip each
# with the executable `bootstrap` (docs/deploy.md).
LAMBDA_ARCHS := arm64 amd64
lambda:
	@for arch in $(LAMBDA_ARCHS); do \
		CGO_ENABLED=0 GOOS=linux GOARCH=$$arch go build -tags lambda.norpc -trimpath -ldflags='-s -w' -o bin/lambda-$$arch/bootstrap ./cmd/promo-lambda && \
		go run ./scripts/lambdazip bin/lambda-$$arch/bootstrap bin/promo-lambda-$$arch.zip && \
		echo "bin/promo-lambda-$$arch.zip"; \
	done

# The function as a container image (Dockerfile: distroless, non-root).
container:
	docker build -t promo-function .

clean:
	rm -rf bin dist e2e/artifacts .promo-cache
