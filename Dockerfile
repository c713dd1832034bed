# The function (DESIGN §4) as a container: `make container`, docs/deploy.md.
# The pages are not in it; they go to the CDN.
FROM golang:1.26.8-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o /out/promo-function ./cmd/promo-function

# Distroless static: no shell, no package manager, a non-root user.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/promo-function /promo-function
USER nonroot:nonroot
ENV PROMO_ADDR=:8080
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s CMD ["/promo-function", "-healthcheck"]
ENTRYPOINT ["/promo-function"]
