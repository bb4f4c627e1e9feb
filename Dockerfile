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
RUN CGO_ENABLED=0 go build -tags embedui -trimpath -ldflags="-s -w" -o /out/server ./server

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/server /server
ENV LISTEN_ADDR=:54321
EXPOSE 54321
ENTRYPOINT ["/server"]
