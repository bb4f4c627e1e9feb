# The two commands: `make run` and `make test` (see README.md).
.PHONY: run test build pg-start pg-stop pg-status fmt lint types

run:
	@bash scripts/run.sh

test:
	@bash scripts/test.sh

build:
	go build -o bin/server ./cmd/server

pg-start:
	@bash scripts/pg.sh start
pg-stop:
	@bash scripts/pg.sh stop
pg-status:
	@bash scripts/pg.sh status

# types: regenerate frontend/src/lib/database.types.ts from the migrations
types:
	@bash scripts/gen-types.sh

fmt:
	gofmt -w $$(git ls-files '*.go')

lint:
	go vet ./...
	go mod tidy -diff
	go run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...
	cd frontend && npm run -s typecheck && npm run -s lint
