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
# The data folder (generated secrets, local files, Deno's caches, deployed
# functions): with no DATA_DIR and the working folder / not writable, the server
# keeps its data in its user's ~/.local/share/casarent (server/config/paths.go).
RUN mkdir -p /out/home/nonroot/.local/share/casarent

# Deno runs the TypeScript functions of FUNCTIONS_DIR (functions/README.md): the
# pinned version of scripts/lib.sh, from npm, whose package ships the binary.
FROM node:20-bookworm-slim AS deno
RUN npm install --prefix /opt/deno --no-save --no-audit --no-fund deno@2.9.6 \
 && cp -L /opt/deno/node_modules/.bin/deno /deno && /deno --version
# postgres-meta, which Deno runs for Supabase Studio's /pg (pgmeta/README.md): the
# pinned version of scripts/lib.sh's ensure_pgmeta, installed the same way.
RUN mkdir -p /opt/pgmeta && echo '{"private": true}' >/opt/pgmeta/package.json \
 && npm install --prefix /opt/pgmeta --save-exact --no-audit --no-fund @supabase/postgres-meta@0.99.0

# Deno is linked against glibc: the distroless image with the C runtime.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /out/server /server
COPY --from=build --chown=65532:65532 /out/home/nonroot /home/nonroot
COPY --from=deno /deno /usr/local/bin/deno
COPY --from=deno /opt/pgmeta /opt/pgmeta
# The project served: the rental's (its migrations, config.toml). Mount another
# Supabase project folder over /project to serve that one instead.
COPY --from=build /src/rental/supabase /project/supabase
ENV LISTEN_ADDR=:54321 DENO_PATH=/usr/local/bin/deno PG_META_PATH=/opt/pgmeta PROJECT_DIR=/project
# scripts/test.d/85-image-start.sh starts the binary this way (a user that is not
# root, working folder /, no DATA_DIR) and checks the pages and a deployed function.
VOLUME /home/nonroot/.local/share/casarent
EXPOSE 54321
ENTRYPOINT ["/server"]
