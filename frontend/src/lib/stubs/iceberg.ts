// storage-js bundles an Iceberg REST catalog client for "analytics buckets",
// which our storage backend does not offer; this stand-in (vite.config.ts alias)
// keeps it out of the bundle and fails clearly if anything ever asks for it.
export class IcebergRestCatalog {
  constructor(_options?: unknown) {
    throw new Error("Analytics buckets are not available on this backend");
  }
}
