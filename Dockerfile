# Multi-stage build: the site, then the binary carrying it (-tags embedui).
FROM node:20-bookworm-slim AS site
WORKDIR /src/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
COPY --from=site /src/frontend/dist ./frontend/dist
RUN CGO_ENABLED=0 go build -tags embedui -trimpath -ldflags="-s -w" -o /out/server ./cmd/server

# Deno runs the TypeScript functions of FUNCTIONS_DIR (functions/README.md): the
# pinned version of scripts/lib.sh, from npm, whose package ships the binary.
FROM node:20-bookworm-slim AS deno
RUN npm install --prefix /opt/deno --no-save --no-audit --no-fund deno@2.9.6 \
 && cp -L /opt/deno/node_modules/.bin/deno /deno && /deno --version

# Deno is linked against glibc: the distroless image with the C runtime.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /out/server /server
COPY --from=deno /deno /usr/local/bin/deno
ENV LISTEN_ADDR=:54321 DENO_PATH=/usr/local/bin/deno
EXPOSE 54321
ENTRYPOINT ["/server"]
